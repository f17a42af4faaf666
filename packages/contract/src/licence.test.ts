import { describe, expect, it } from 'vitest';
import { accountDate, licenceDate, licenceTime, parseLicenceId } from './licence';

describe('dates on licences and the account page', () => {
  // 23:30 UTC on the 28th is 08:30 on the 29th in Korea: a member who signed up then and downloaded three
  // minutes later saw their consent dated the 28th beside a licence dated the 29th.
  const signedUp = '2026-11-28T23:30:00Z';
  const downloaded = '2026-11-28T23:33:00Z';

  it('dates a consent, a channel and a licence made minutes apart on the same day, in every language', () => {
    expect(accountDate(signedUp, 'ko')).toBe('2026년 11월 29일');
    expect(accountDate(signedUp, 'en')).toBe('29 November 2026');
    expect(licenceTime(downloaded, 'en')).toBe('29 November 2026 at 08:33 (KST)');
    expect(accountDate(signedUp, 'ja')).toBe('2026年11月29日');
    expect(licenceDate(downloaded, 'ko')).toBe('2026. 11. 29.');
    expect(licenceTime(downloaded, 'ko')).toBe('2026년 11월 29일 08:33 (KST)');
  });
});

describe('a licence id as people type or paste it', () => {
  it('forgives case, spaces, hyphens, O for 0 and I or L for 1, and never makes another id', () => {
    expect(parseLicenceId('sori 7gwr mox5 wyae')).toBe('SORI-7GWR-M0X5-WYAE');
    expect(parseLicenceId('7GWRM0X5WYAE')).toBe('SORI-7GWR-M0X5-WYAE');
    expect(parseLicenceId('SORI–7GWR–MOX5–WYAE')).toBe('SORI-7GWR-M0X5-WYAE');
    expect(parseLicenceId('SORI-7GWR-M0X5-WYA')).toBeNull();
    expect(parseLicenceId('SORI-7GWR-M0X5-WYAU')).toBeNull();
  });

  it('takes the id out of a pasted verification link, with or without a query, a fragment or a slash', () => {
    expect(parseLicenceId('https://sori.example/verify/SORI-7GWR-M0X5-WYAE')).toBe('SORI-7GWR-M0X5-WYAE');
    expect(parseLicenceId(' http://localhost:8080/verify/sori-7gwr-m0x5-wyae/?utm_source=qr#top ')).toBe('SORI-7GWR-M0X5-WYAE');
    expect(parseLicenceId('sori.example/verify/SORI-7GWR-M0X5-WYAE')).toBe('SORI-7GWR-M0X5-WYAE');
    // Only a link's last part is read: a link to anything else, or with more after the id, is not an id.
    expect(parseLicenceId('https://sori.example/track/12')).toBeNull();
    expect(parseLicenceId('https://sori.example/verify/SORI-7GWR-M0X5-WYAE/extra')).toBeNull();
    expect(parseLicenceId(`https://sori.example/verify/${'A'.repeat(80)}`)).toBeNull();
  });
});
