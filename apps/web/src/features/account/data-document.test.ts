import { describe, expect, it } from 'vitest';
import type { AccountData } from '@sori/contract';
import { createTestI18n } from '../../test/i18n';
import { accountDataDocument } from './data-document';

const DATA: AccountData = {
  format: 'sori-account-data/1',
  exportedAt: '2026-12-07T06:00:00.000Z',
  account: {
    id: 7,
    email: 'sori@example.com',
    name: '김소리',
    nick: '소리',
    phone: '010-1234-5678',
    team: null,
    level: 5,
    plan: 'premium',
    planExpiresAt: '2027-01-31T14:59:59.000Z',
    createdAt: '2026-11-01T00:00:00.000Z',
    language: 'ko',
    newDeviceAlerts: false,
  },
  consents: [
    { kind: 'terms', version: '2026-11-23', agreed: true, agreedAt: '2026-11-01T00:00:00.000Z', withdrawnAt: null },
    { kind: 'marketing', version: '2026-11-23', agreed: false, agreedAt: null, withdrawnAt: null },
  ],
  channels: [
    {
      platform: 'youtube',
      externalId: '@sori',
      url: 'https://www.youtube.com/@sori',
      registeredAt: '2026-11-02T00:00:00.000Z',
      endsAt: null,
      removedAt: null,
    },
  ],
  licences: [
    {
      id: 'SORI-ABCD-EFGH-JKLM',
      track: { id: 3, title: '봄날', artist: '소리' },
      fileName: 'spring.wav',
      edit: 15,
      issuedAt: '2026-11-03T00:00:00.000Z',
      status: 'active',
      revokedAt: null,
      verifyUrl: 'https://sori.test/verify/SORI-ABCD-EFGH-JKLM',
    },
  ],
  likes: [],
  downloads: [],
  playlists: [
    {
      id: 1,
      name: '<script>alert(1)</script> 목록',
      description: null,
      createdAt: '2026-11-04T00:00:00.000Z',
      updatedAt: '2026-11-04T00:00:00.000Z',
      shared: true,
      tracks: [{ id: 3, title: '봄날', artist: null, addedAt: '2026-11-04T01:00:00.000Z' }],
    },
  ],
  uploads: [],
  sessions: [
    {
      signedInAt: '2026-12-01T00:00:00.000Z',
      expiresAt: '2026-12-31T00:00:00.000Z',
      signedOutAt: null,
      lastSeenAt: '2026-12-07T05:00:00.000Z',
      browser: 'Safari',
      os: 'iOS',
      platform: 'mobile',
    },
  ],
};

describe('accountDataDocument', () => {
  it('lays the data out under headings in the page’s language, times in Korean time', async () => {
    const i18n = await createTestI18n('ko');
    const html = accountDataDocument(DATA, 'ko', i18n.t);
    expect(html).toMatch(/^<!doctype html>\n<html lang="ko">/u);
    for (const heading of [
      '회원 정보',
      '동의 내역',
      '내 채널',
      '라이선스',
      '좋아요',
      '다운로드 기록',
      '플레이리스트',
      '업로드한 음원',
      '로그인 기록',
    ]) {
      expect(html).toContain(`<h2>${heading}</h2>`);
    }
    expect(html).toContain('<dt>이메일</dt><dd>sori@example.com</dd>');
    expect(html).toContain('프리미엄 (2027년 1월 31일까지)');
    expect(html).toContain('<dt>이메일 수신 언어</dt><dd>한국어</dd>');
    expect(html).toContain('<dt>새로운 기기 로그인 알림</dt><dd>받지 않음</dd>');
    expect(html).toContain('<td>서비스 이용약관</td><td>2026-11-23</td><td>2026년 11월 1일 09:00</td>');
    expect(html).toContain('<td>이벤트·혜택 정보 수신</td><td>2026-11-23</td><td>동의하지 않음</td>');
    expect(html).toContain('<a href="https://sori.test/verify/SORI-ABCD-EFGH-JKLM" rel="noopener noreferrer">SORI-ABCD-EFGH-JKLM</a>');
    expect(html).toContain('봄날 — 소리 (15초 편집본)');
    expect(html).toContain('<td>Safari · iOS (휴대폰)</td>');
    // Nothing liked yet: said, not an empty table.
    expect(html).toMatch(/<h2>좋아요<\/h2>\n<p class="none">없음<\/p>/u);
  });

  it('escapes every value from the data, and the file allows no script', async () => {
    const i18n = await createTestI18n('en');
    const html = accountDataDocument(DATA, 'en', i18n.t);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; 목록');
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
    expect(html).toContain('<h1>What Sori keeps about you</h1>');
    expect(html).toContain('Created 4 November 2026');
    // Japanese asides in full-width parentheses.
    const ja = accountDataDocument(DATA, 'ja', (await createTestI18n('ja')).t);
    expect(ja).toContain('Safari · iOS（スマートフォン）');
  });
});
