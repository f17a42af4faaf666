import { describe, expect, it } from 'vitest';
import { deviceOf } from './device';

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const SAMSUNG =
  'Mozilla/5.0 (Linux; Android 14; SM-S918N) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36';
const WHALE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Whale/4.29.282.14 Safari/537.36';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('deviceOf', () => {
  it('names the browser, the system and the kind of device as their users know them', () => {
    expect(deviceOf(CHROME_WINDOWS)).toEqual({ browser: 'Chrome', os: 'Windows', platform: 'desktop' });
    expect(deviceOf(SAFARI_IPHONE)).toEqual({ browser: 'Safari', os: 'iOS', platform: 'mobile' });
    expect(deviceOf(SAMSUNG)).toEqual({ browser: 'Samsung Internet', os: 'Android', platform: 'mobile' });
    expect(deviceOf(WHALE)).toEqual({ browser: 'Whale', os: 'Windows', platform: 'desktop' });
    expect(deviceOf(IPAD)).toEqual({ browser: 'Safari', os: 'iOS', platform: 'tablet' });
  });

  it('answers nulls for what it does not recognise, and reads only the start of a long header', () => {
    expect(deviceOf(undefined)).toEqual({ browser: null, os: null, platform: null });
    expect(deviceOf('   ')).toEqual({ browser: null, os: null, platform: null });
    expect(deviceOf('curl/8.0.1')).toEqual({ browser: null, os: null, platform: null });
    const long = deviceOf(`${CHROME_WINDOWS} ${'x'.repeat(100_000)}`);
    expect(long).toEqual({ browser: 'Chrome', os: 'Windows', platform: 'desktop' });
  });
});
