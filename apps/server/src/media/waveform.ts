import { WAVEFORM_IMAGE } from '@sori/contract';
import { PNG } from 'pngjs';

/**
 * Peaks for the player (wavesurfer.js draws from these instead of decoding audio in the browser):
 * 2,000 points cover a 1,000 px wide waveform at device pixel ratio 2.
 */
export const PEAKS_LENGTH = 2000;
export const PEAKS_VERSION = 1;

export interface PeaksJson {
  version: number;
  /** Always 1: the player draws one mirrored channel. */
  channels: 1;
  durationSec: number;
  length: number;
  /** Loudest absolute sample per slice, scaled so the loudest slice is 1; three decimals. */
  peaks: number[];
}

/**
 * Bars of the table's waveform image. A mid grey (#8a8a8a) has enough contrast on the dark theme's
 * near-black and on the light theme's white (about 5.6:1 and 3.5:1), so one image serves both.
 */
export const WAVE_PNG_STYLE = { barWidth: 2, gap: 1, color: [0x8a, 0x8a, 0x8a] as const, minBarHeight: 1 } as const;

/** Block maxima collected while decoding, reduced here to a fixed number of points. */
export function reducePeaks(blockPeaks: Float32Array, count: number, durationSec: number, length = PEAKS_LENGTH): PeaksJson {
  const n = Math.max(1, Math.min(length, count));
  const out = new Array<number>(n);
  let max = 0;
  for (let i = 0; i < n; i++) {
    const lo = Math.floor((i * count) / n);
    const hi = Math.max(lo + 1, Math.floor(((i + 1) * count) / n));
    let m = 0;
    for (let j = lo; j < hi && j < count; j++) if (blockPeaks[j]! > m) m = blockPeaks[j]!;
    out[i] = m;
    if (m > max) max = m;
  }
  const scale = max > 0 ? 1 / max : 0;
  for (let i = 0; i < n; i++) out[i] = Math.round(out[i]! * scale * 1000) / 1000;
  return { version: PEAKS_VERSION, channels: 1, durationSec: Math.round(durationSec * 1000) / 1000, length: n, peaks: out };
}

/**
 * `wave_{id}.png`: 220×25, grey bars 2 px wide with a 1 px gap, mirrored around the middle, on a
 * transparent background. Bar height follows the average level of its slice rather than the maximum, since
 * mastered music peaks near full scale everywhere and a max-based image would be a flat block.
 */
export function renderWavePng(blockPeaks: Float32Array, count: number): Buffer {
  const { width, height } = WAVEFORM_IMAGE;
  const { barWidth, gap, color, minBarHeight } = WAVE_PNG_STYLE;
  const png = new PNG({ width, height, colorType: 6, inputHasAlpha: true });
  png.data.fill(0);
  const bars = Math.floor((width + gap) / (barWidth + gap));
  const levels = new Float64Array(bars);
  let max = 0;
  for (let b = 0; b < bars; b++) {
    const lo = Math.floor((b * count) / bars);
    const hi = Math.max(lo + 1, Math.floor(((b + 1) * count) / bars));
    let sum = 0;
    let n = 0;
    for (let j = lo; j < hi && j < count; j++) {
      sum += blockPeaks[j]!;
      n++;
    }
    levels[b] = n > 0 ? sum / n : 0;
    if (levels[b]! > max) max = levels[b]!;
  }
  const offsetX = Math.floor((width - (bars * (barWidth + gap) - gap)) / 2);
  const mid = height / 2;
  for (let b = 0; b < bars; b++) {
    const h = Math.max(minBarHeight, max > 0 ? (levels[b]! / max) * height : minBarHeight);
    const top = mid - h / 2;
    const bottom = mid + h / 2;
    for (let y = 0; y < height; y++) {
      // Coverage of this pixel row by the bar gives soft, rounded-looking ends without a second pass.
      const cover = Math.max(0, Math.min(y + 1, bottom) - Math.max(y, top));
      if (cover <= 0) continue;
      const isEnd = y < top + 1 || y + 1 > bottom - 1;
      for (let dx = 0; dx < barWidth; dx++) {
        const x = offsetX + b * (barWidth + gap) + dx;
        const i = (y * width + x) * 4;
        png.data[i] = color[0];
        png.data[i + 1] = color[1];
        png.data[i + 2] = color[2];
        png.data[i + 3] = Math.round(255 * cover * (isEnd && h > 2 ? 0.7 : 1));
      }
    }
  }
  return PNG.sync.write(png, { colorType: 6 });
}
