import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clicks, fixtureDir, type FixtureDir } from '../../test/fixtures/audio';
import { analyseFile } from './analyse';
import { encodePreview } from './encode';
import { getMediaTools, resolveMediaTools, runTool, ToolError } from './ffmpeg';
import { probeFile } from './probe';

let fx: FixtureDir;
beforeAll(async () => {
  fx = await fixtureDir();
});
afterAll(async () => {
  await fx.cleanup();
});

describe('finding ffmpeg', () => {
  it('prefers the system binaries on PATH', () => {
    const tools = getMediaTools();
    expect(existsSync(tools.ffmpeg)).toBe(true);
    expect(existsSync(tools.ffprobe)).toBe(true);
    if (existsSync('/usr/bin/ffmpeg')) expect(tools.ffmpegSource).toBe('system');
  });

  it('honours FFMPEG_PATH and refuses one that is not executable', () => {
    const real = getMediaTools().ffmpeg;
    expect(resolveMediaTools({ env: { ...process.env, FFMPEG_PATH: real } }).ffmpegSource).toBe('env');
    expect(() => resolveMediaTools({ env: { ...process.env, FFMPEG_PATH: '/nonexistent/ffmpeg' } })).toThrow(/FFMPEG_PATH/);
  });
});

// The npm packages are optional dependencies: present on the platforms they ship for.
const npmTools = (() => {
  try {
    const t = resolveMediaTools({ env: { PATH: '' }, preferNpm: true });
    return t.ffmpegSource === 'npm' && t.ffprobeSource === 'npm' ? t : null;
  } catch {
    return null;
  }
})();

describe.skipIf(!npmTools)('the ffmpeg shipped in npm packages (fallback)', () => {
  it('is used when the PATH has none', () => {
    const t = resolveMediaTools({ env: { PATH: '/nonexistent' } });
    expect([t.ffmpegSource, t.ffprobeSource]).toEqual(['npm', 'npm']);
  });

  it('probes, decodes and encodes like the system one', async () => {
    const tools = npmTools!;
    const file = await clicks(fx.file('npm.flac'), 100, 8, 'flac');
    const probe = await probeFile(file, { tools });
    expect(probe.format).toBe('flac');
    const analysis = await analyseFile(file, probe, { tools });
    expect(analysis.durationSec).toBeCloseTo(8, 1);
    expect(Math.abs(analysis.bpm! - 100)).toBeLessThanOrEqual(2);
    await encodePreview(file, probe, fx.file('npm.mp3'), { tools });
    expect((await probeFile(fx.file('npm.mp3'), { tools })).format).toBe('mp3');
  });
});

describe('running tools', () => {
  it('passes arguments verbatim, without a shell', async () => {
    const ffmpeg = getMediaTools().ffmpeg;
    const res = await runTool(ffmpeg, ['-hide_banner', '-v', 'error', '-i', 'file:/nonexistent/$(touch /tmp/sori-pwned);`id`'], {});
    expect(res.exitCode).not.toBe(0);
    expect(existsSync('/tmp/sori-pwned')).toBe(false);
    expect(res.stderr).toMatch(/No such file/);
  });

  it('kills a run that exceeds its timeout', async () => {
    const ffmpeg = getMediaTools().ffmpeg;
    const started = Date.now();
    const run = runTool(ffmpeg, ['-hide_banner', '-re', '-f', 'lavfi', '-i', 'sine', '-f', 'null', '-'], { timeoutMs: 300 });
    await expect(run).rejects.toMatchObject({ reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('kills a run when its signal aborts', async () => {
    const ffmpeg = getMediaTools().ffmpeg;
    const ac = new AbortController();
    const run = runTool(ffmpeg, ['-hide_banner', '-re', '-f', 'lavfi', '-i', 'sine', '-f', 'null', '-'], { signal: ac.signal });
    setTimeout(() => ac.abort(), 100);
    const err = await run.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ToolError);
    expect((err as ToolError).reason).toBe('aborted');
  });

  it('keeps stderr for the caller', async () => {
    const res = await runTool(getMediaTools().ffprobe, ['-v', 'error', 'file:/nonexistent.wav'], {});
    expect(res.exitCode).not.toBe(0);
    expect(res.stderrLines.length).toBeGreaterThan(0);
  });
});
