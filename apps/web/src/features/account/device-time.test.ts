import { describe, expect, it } from 'vitest';
import { usedAgo } from './device-time';

// 2026-12-07 15:00 in Korea.
const NOW = Date.parse('2026-12-07T06:00:00Z');
const before = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;

describe('usedAgo', () => {
  it('is null while the device is in use (the last ten minutes)', () => {
    expect(usedAgo(before(0), NOW, 'ko')).toBeNull();
    expect(usedAgo(before(9 * MIN), NOW, 'en')).toBeNull();
  });

  it('says minutes, hours, days as each language says them, with no space before a Japanese counter', () => {
    expect(usedAgo(before(25 * MIN), NOW, 'ko')).toBe('25분 전');
    expect(usedAgo(before(25 * MIN), NOW, 'en')).toBe('25 minutes ago');
    expect(usedAgo(before(25 * MIN), NOW, 'ja')).toBe('25分前');
    expect(usedAgo(before(3 * 60 * MIN), NOW, 'ko')).toBe('3시간 전');
    expect(usedAgo(before(3 * 60 * MIN), NOW, 'ja')).toBe('3時間前');
  });

  it('counts days on the calendar in Korean time: yesterday evening is yesterday, not 18 hours ago', () => {
    // 2026-12-06 21:00 KST.
    expect(usedAgo('2026-12-06T12:00:00Z', NOW, 'ko')).toBe('어제');
    expect(usedAgo('2026-12-06T12:00:00Z', NOW, 'en')).toBe('yesterday');
    // Earlier today, more than six hours ago: in hours.
    expect(usedAgo('2026-12-06T16:00:00Z', NOW, 'en')).toBe('14 hours ago');
    expect(usedAgo('2026-12-02T03:00:00Z', NOW, 'ja')).toBe('5日前');
  });

  it('gives the date after a week', () => {
    expect(usedAgo('2026-11-20T03:00:00Z', NOW, 'ko')).toBe('2026년 11월 20일');
  });
});
