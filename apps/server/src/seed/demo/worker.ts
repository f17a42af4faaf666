/**
 * Worker thread that renders demo tracks, so the catalogue is made on every core: synthesis is plain
 * JavaScript arithmetic and would otherwise occupy the main thread for most of a minute.
 */
import { parentPort } from 'node:worker_threads';
import { DEMO_CATALOGUE, writeDemoTrack } from './catalogue';

export interface DemoWorkerRequest {
  index: number;
  dir: string;
  sampleRate: number;
}
export type DemoWorkerReply = { index: number; audioPath: string; coverPath: string } | { index: number; error: string };

parentPort?.on('message', (req: DemoWorkerRequest) => {
  const track = DEMO_CATALOGUE.find((t) => t.index === req.index);
  if (!track) {
    parentPort?.postMessage({ index: req.index, error: `No demo track ${req.index}` } satisfies DemoWorkerReply);
    return;
  }
  writeDemoTrack(track, req.dir, req.sampleRate).then(
    (w) => parentPort?.postMessage({ index: req.index, audioPath: w.audioPath, coverPath: w.coverPath } satisfies DemoWorkerReply),
    (e: unknown) =>
      parentPort?.postMessage({ index: req.index, error: e instanceof Error ? e.message : String(e) } satisfies DemoWorkerReply),
  );
});
