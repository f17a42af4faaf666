import type { IncomingMessage } from 'node:http';

/**
 * How long the multipart parser may make no progress, once the request body has stopped flowing to it,
 * before the upload is answered with what was read. Parsing data already received takes microseconds;
 * this only ends the wait on a parser that will never go on.
 */
export const PARSER_STALL_MS = 2000;

/**
 * The next part of a multipart upload, or `'stalled'` when the parser will not give one.
 *
 * @fastify/busboy skips a part it cannot use (a `Content-Disposition: attachment` part, a file name with a
 * CR or LF through `filename*=`) by draining it; when that part is larger than the parser's buffer its
 * pending write is never released, the request stays paused and the part iterator never settles, so the
 * upload would hang. While we wait for a part, the request is either still flowing (a slow client: we keep
 * waiting) or paused/ended with everything handed to the parser: if no part comes within PARSER_STALL_MS
 * of that, the parser is stuck.
 */
export async function nextPart<T>(
  it: AsyncIterator<T>,
  raw: IncomingMessage,
  stallMs = PARSER_STALL_MS,
): Promise<IteratorResult<T> | 'stalled'> {
  const pending = it.next();
  let timer: NodeJS.Timeout | undefined;
  let lastBytes = raw.socket?.bytesRead ?? 0;
  const stalled = new Promise<'stalled'>((resolve) => {
    const check = () => {
      const bytes = raw.socket?.bytesRead ?? lastBytes;
      const idle = raw.readableEnded || raw.isPaused() || raw.readableFlowing === false;
      if (idle && bytes === lastBytes) resolve('stalled');
      else {
        lastBytes = bytes;
        timer = setTimeout(check, stallMs);
      }
    };
    timer = setTimeout(check, stallMs);
  });
  try {
    return await Promise.race([pending, stalled]);
  } finally {
    clearTimeout(timer);
  }
}
