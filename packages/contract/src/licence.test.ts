import { describe, expect, it } from 'vitest';
import { accountDate, licenceDate, licenceTime } from './licence';

describe('dates on licences and the account page', () => {
  // 23:30 UTC on the 28th is 08:30 on the 29th in Korea: a member who signed up then and downloaded three
  // minutes later saw their consent dated the 28th beside a licence dated the 29th.
  const signedUp = '2026-11-28T23:30:00Z';
  const downloaded = '2026-11-28T23:33:00Z';

  it('dates a consent, a channel and a licence made minutes apart on the same day, in every language', () => {
    expect(accountDate(signedUp, 'ko')).toBe('2026년 11월 29일');
    expect(accountDate(signedUp, 'en')).toBe('November 29, 2026');
    expect(accountDate(signedUp, 'ja')).toBe('2026年11月29日');
    expect(licenceDate(downloaded, 'ko')).toBe('2026. 11. 29.');
    expect(licenceTime(downloaded, 'ko')).toBe('2026년 11월 29일 08:33 (KST)');
  });
});
