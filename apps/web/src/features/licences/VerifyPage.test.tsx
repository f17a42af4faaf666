import { licenceDate, withdrawnLicensee, type PublicLicence } from '@sori/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ScreenBoundary } from '../../components/ErrorBoundary';
import { configureApiClient } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query-client';
import { createTestI18n } from '../../test/i18n';
import { disputeText } from './dispute';
import { sha256Hex } from './FileMatch';
import VerifyPage from './VerifyPage';

const LICENCE: PublicLicence = {
  format: 'sori-licence/1',
  id: 'SORI-7GWR-M0X5-WYAE',
  status: 'active',
  issuedAt: '2026-11-25T01:00:00.000Z',
  revokedAt: null,
  revocationReason: null,
  track: { id: 12, title: '바다의 노래', artist: '김소리' },
  file: { name: 'sea.wav', sha256: 'a'.repeat(64) },
  licensee: { name: '김**', email: 'ev***@example.com' },
  plan: { name: 'premium', level: 5 },
  terms: { version: '2026-11-25', scope: ['online-video', 'monetised'], url: 'https://sori.example/terms#licence' },
  licensor: { name: '(주)소리뮤직', url: 'https://sori.example' },
  verifyUrl: 'https://sori.example/verify/SORI-7GWR-M0X5-WYAE',
  kid: 'k1',
  signature: 'sig',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function Where() {
  return <span data-testid="path">{useLocation().pathname}</span>;
}

async function open(path: string, lang: 'ko' | 'en' | 'ja' = 'ko') {
  const i18n = await createTestI18n(lang);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          {/* In the main and under the boundary the app's layout puts each screen in: a new address mounts the
              screen anew, and the focus that was in it goes to the new one's heading. */}
          <main id="main" tabIndex={-1}>
            <ScreenBoundary>
              <Routes>
                <Route path="/verify/:id" element={<VerifyPage />} />
              </Routes>
            </ScreenBoundary>
          </main>
          <Where />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('the licence check page', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    configureApiClient({ fetch: fetchMock, getToken: () => null });
  });

  it('says a valid licence is valid, with what it covers, and copies the dispute text', async () => {
    fetchMock.mockResolvedValue(json(200, { body: LICENCE }));
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await open('/verify/SORI-7GWR-M0X5-WYAE');
    expect(await screen.findByRole('heading', { level: 1, name: '유효한 라이선스입니다' })).toBeInTheDocument();
    expect(screen.getByTestId('licence-verdict')).toHaveAttribute('data-verdict', 'valid');
    expect(screen.getByText('김** (ev***@example.com)')).toBeInTheDocument();
    // The particle fits the licensor's name ('(주)소리뮤직이'), never both forms written out.
    expect(screen.getByText(/\(주\)소리뮤직이 아래 라이선스 보유자에게 이 음원의 이용을 정식으로 허락했습니다/u)).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('이(가)');
    expect(screen.getByText(/수익 창출이 설정된 채널/u)).toBeInTheDocument();
    expect(screen.getByText(`SHA-256 ${'a'.repeat(64)}`)).toBeInTheDocument();
    // Issued 01:00 UTC: written in Korean time, named, as the certificate writes it.
    expect(screen.getByText('2026년 11월 25일 10:00 (KST)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /문구 복사/u }));
    expect(writeText).toHaveBeenCalledWith(disputeText(LICENCE, 'ko'));
    const dispute = screen.getByRole('region', { name: '저작권 이의 제기용 문구' });
    expect(await within(dispute).findByRole('status')).toHaveTextContent('복사했습니다');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/licences/SORI-7GWR-M0X5-WYAE');
    // The signed licence, to keep and to verify offline with the key beside it.
    const file = screen.getByRole('link', { name: '서명된 라이선스 파일 받기 (JSON)' });
    expect(file).toHaveAttribute('href', '/api/licences/SORI-7GWR-M0X5-WYAE/licence.json');
    expect(file).toHaveAttribute('download', 'SORI-7GWR-M0X5-WYAE.json');
    expect(screen.getByRole('link', { name: '공개 키 받기' })).toHaveAttribute('href', '/.well-known/sori-licence-key.pem');
  });

  it('lists the licensee’s cleared channels with the day each is cleared since, in the reader’s language, said to be unsigned', async () => {
    const channels = [
      // 16:30 UTC on the 24th is the 25th in Korean time, the day the account page and the certificate say.
      {
        platform: 'youtube',
        externalId: '@sori_sound',
        url: 'https://www.youtube.com/@sori_sound',
        clearedSince: '2026-11-24T16:30:00.000Z',
      },
      {
        platform: 'web',
        externalId: 'https://blog.sorimusic.kr',
        url: 'https://blog.sorimusic.kr',
        clearedSince: '2026-12-03T02:00:00.000Z',
      },
    ];
    const answer = () =>
      fetchMock.mockImplementation((url) =>
        Promise.resolve(String(url).endsWith('/channels') ? json(200, { body: channels }) : json(200, { body: LICENCE })),
      );
    answer();
    await open('/verify/SORI-7GWR-M0X5-WYAE');
    const since = await screen.findAllByTestId('licence-channel-since');
    expect(since.map((s) => s.textContent)).toEqual(['2026년 11월 25일부터 등록', '2026년 12월 3일부터 등록']);
    expect(screen.getByTestId('licence-channels')).toHaveTextContent('서명된 라이선스에는 포함되지 않습니다');
    cleanup();
    answer();
    await open('/verify/SORI-7GWR-M0X5-WYAE', 'en');
    expect((await screen.findAllByTestId('licence-channel-since')).map((s) => s.textContent)).toEqual([
      'cleared since 25 November 2026',
      'cleared since 3 December 2026',
    ]);
    expect(screen.getByTestId('licence-channels')).toHaveTextContent('not part of the signed licence');
    cleanup();
    answer();
    await open('/verify/SORI-7GWR-M0X5-WYAE', 'ja');
    expect((await screen.findAllByTestId('licence-channel-since')).map((s) => s.textContent)).toEqual([
      '2026年11月25日から使用許可',
      '2026年12月3日から使用許可',
    ]);
  });

  it('says a level an administrator set is such, not "Free (level 5)"', async () => {
    fetchMock.mockResolvedValue(json(200, { body: { ...LICENCE, plan: { name: 'free', level: 5 } } }));
    await open('/verify/SORI-7GWR-M0X5-WYAE', 'en');
    expect(await screen.findByText('Level 5 (set by an administrator; Free plan)')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('Free (level 5)');
  });

  it('names a withdrawn member’s licensee as a former member, not by the pseudonym, and says why a certificate differs', async () => {
    fetchMock.mockResolvedValue(json(200, { body: { ...LICENCE, licensee: withdrawnLicensee('0123456789abcdef') } }));
    await open('/verify/SORI-7GWR-M0X5-WYAE');
    expect(await screen.findByText('탈퇴한 회원')).toBeInTheDocument();
    // Why the page and a certificate saved before differ, without the pseudonym (an id no reader can use).
    expect(screen.getByTestId('licensee-withdrawn-note')).toHaveTextContent('탈퇴 전에 받은 증명서');
    expect(document.body.textContent).not.toContain('@invalid');
    expect(document.body.textContent).not.toContain('withdrawn-');
  });

  it('says a revoked licence is revoked, when and why, and offers no dispute text', async () => {
    fetchMock.mockResolvedValue(
      json(200, { body: { ...LICENCE, status: 'revoked', revokedAt: '2026-11-26T00:00:00.000Z', revocationReason: 'refund' } }),
    );
    await open('/verify/SORI-7GWR-M0X5-WYAE', 'en');
    expect(await screen.findByRole('heading', { level: 1, name: 'This licence has been revoked' })).toBeInTheDocument();
    expect(screen.getByText(/Reason: refund/u)).toBeInTheDocument();
    expect(screen.getByText(/26 November 2026 at 09:00 \(KST\)/u)).toBeInTheDocument();
    expect(screen.queryByTestId('dispute-text')).toBeNull();
  });

  it('says when no licence has the id', async () => {
    fetchMock.mockResolvedValue(json(404, { message: 'none', code: 'LICENCE_NOT_FOUND' }));
    await open('/verify/SORI-0000-0000-0000', 'ja');
    expect(await screen.findByRole('heading', { level: 1, name: 'ライセンスが見つかりません' })).toBeInTheDocument();
  });

  it('explains a malformed id without asking the server, and forgives a typed one', async () => {
    await open('/verify/hello');
    expect(screen.getByRole('heading', { level: 1, name: '라이선스 번호 형식이 올바르지 않습니다' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('다른 라이선스 번호 확인'), 'sori 7gwr mox5 wyae');
    fetchMock.mockResolvedValue(json(200, { body: LICENCE }));
    await userEvent.click(screen.getByRole('button', { name: '확인' }));
    expect(await screen.findByTestId('path')).toHaveTextContent('/verify/SORI-7GWR-M0X5-WYAE');
    const verdict = await screen.findByRole('heading', { level: 1, name: '유효한 라이선스입니다' });
    // The answer's heading takes the focus (on the next frames, as at any change of address), so the verdict
    // is what a screen reader says next.
    await waitFor(() => expect(verdict).toHaveFocus());
  });

  it('moves the focus to the next verdict when another id is checked from a licence’s page (Enter)', async () => {
    const OTHER = 'SORI-8HXS-N1Y6-XZBF';
    fetchMock.mockImplementation((url) => {
      if (String(url).endsWith('/channels')) return Promise.resolve(json(200, { body: [] }));
      return Promise.resolve(
        String(url).endsWith(OTHER) ? json(404, { message: 'none', code: 'LICENCE_NOT_FOUND' }) : json(200, { body: LICENCE }),
      );
    });
    await open('/verify/SORI-7GWR-M0X5-WYAE', 'en');
    await screen.findByRole('heading', { level: 1, name: 'This licence is valid' });
    await userEvent.type(screen.getByLabelText('Check another licence ID'), `${OTHER}{Enter}`);
    await waitFor(() => expect(screen.getByTestId('path')).toHaveTextContent(`/verify/${OTHER}`));
    const verdict = await screen.findByRole('heading', { level: 1, name: 'No licence found' });
    // The page is mounted anew at its new address (as in the app), and the new verdict still takes the focus.
    await waitFor(() => expect(verdict).toHaveFocus());
    // And back to the first one: its verdict takes the focus too.
    await userEvent.type(screen.getByLabelText('Check another licence ID'), 'SORI-7GWR-M0X5-WYAE{Enter}');
    const valid = await screen.findByRole('heading', { level: 1, name: 'This licence is valid' });
    await waitFor(() => expect(valid).toHaveFocus());
  });

  it('says whether a chosen file is the licensed one, worked out in the browser, in the reader’s language', async () => {
    const original = new File([new TextEncoder().encode('RIFF the licensed bytes')], 'sea.wav', { type: 'audio/wav' });
    // The SHA-256 of those bytes, as `sha256sum` writes it (and the licence records it).
    const sha256 = '4dbc65631d7fb8176d268abcb172c89f5f71d55250f7b4171078a8b4b2935d06';
    expect(await sha256Hex(original)).toBe(sha256);
    fetchMock.mockResolvedValue(json(200, { body: { ...LICENCE, file: { ...LICENCE.file, sha256 } } }));
    await open('/verify/SORI-7GWR-M0X5-WYAE', 'en');
    const input = await screen.findByLabelText('Audio file to compare');
    // The page's own button and words, not the browser's ("Choose File / No file chosen" in any language).
    expect(input.closest('label')).toHaveTextContent('Choose a file');
    expect(screen.getByTestId('file-match-chosen')).toHaveTextContent('No file chosen');
    await userEvent.upload(input, original);
    expect(screen.getByTestId('file-match-chosen')).toHaveTextContent('sea.wav');
    const result = screen.getByTestId('file-match-result');
    await waitFor(() => expect(result).toHaveAttribute('data-state', 'match'));
    expect(result).toHaveTextContent('Match. The chosen file (sea.wav) is the very file this licence covers.');
    expect(result).toHaveAttribute('role', 'status');
    // A copy re-encoded or cut: a byte differs.
    await userEvent.upload(input, new File([new TextEncoder().encode('RIFF the licensed byteS')], 'sea-copy.wav'));
    await waitFor(() => expect(result).toHaveAttribute('data-state', 'mismatch'));
    expect(result).toHaveTextContent('No match. The chosen file (sea-copy.wav) is not the file this licence covers.');
    expect(result).toHaveTextContent(/The chosen file’s SHA-256 [0-9a-f]{64}/u);
    // Nothing was sent anywhere: the page only read (the licence, its channels, the site's details).
    for (const [url, init] of fetchMock.mock.calls) {
      expect(init?.method ?? 'GET', String(url)).toBe('GET');
      expect(init?.body, String(url)).toBeUndefined();
    }
  });

  it('takes a pasted verification link as its id, and names a short edit beside the file', async () => {
    await open('/verify/hello', 'en');
    fetchMock.mockResolvedValue(json(200, { body: { ...LICENCE, edit: 30, file: { ...LICENCE.file, name: 'sea (30s edit).mp3' } } }));
    await userEvent.type(screen.getByLabelText('Check another licence ID'), 'https://sori.example/verify/SORI-7GWR-M0X5-WYAE?utm=qr');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByTestId('path')).toHaveTextContent('/verify/SORI-7GWR-M0X5-WYAE');
    expect(await screen.findByTestId('licence-edit')).toHaveTextContent('30-second edit');
  });
});

describe('a licence’s day in lists', () => {
  it('is the Korean day, as the verify page and the certificate write it, wherever the reader is', () => {
    // 16:14 UTC on the 28th is 01:14 KST on the 29th.
    // English in the site's British order, as the certificate and the verify page write the day.
    expect(licenceDate('2026-11-28T16:14:00.000Z', 'en')).toBe('29 Nov 2026');
    expect(licenceDate('2026-11-28T16:14:00.000Z', 'ko')).toBe('2026. 11. 29.');
  });
});

describe('the dispute text', () => {
  it('names the track, the licence, where to check it and the licensor, in each language', () => {
    for (const lang of ['ko', 'en', 'ja'] as const) {
      const text = disputeText(LICENCE, lang);
      expect(text).toContain('SORI-7GWR-M0X5-WYAE');
      expect(text).toContain(LICENCE.verifyUrl);
      expect(text).toContain('(주)소리뮤직');
      expect(text).toContain('김소리 – 바다의 노래');
    }
    expect(disputeText(LICENCE, 'ko')).toMatch(/정식 라이선스/u);
    expect(disputeText(LICENCE, 'ko')).toContain('"김소리 – 바다의 노래"는 ');
    expect(disputeText({ ...LICENCE, track: { ...LICENCE.track, title: '봄밤' } }, 'ko')).toContain('"김소리 – 봄밤"은 ');
    expect(disputeText(LICENCE, 'ja')).toMatch(/正式にライセンス/u);
    expect(disputeText(LICENCE, 'en')).toMatch(/is licensed from/u);
  });

  it('names the licensor in Latin letters too in English and Japanese, when the site has such a name', () => {
    const site = { companyName: '(주)소리뮤직', companyNameLatin: 'Sori Music Inc.' };
    expect(disputeText(LICENCE, 'en', site)).toContain('is licensed from Sori Music Inc. ((주)소리뮤직).');
    expect(disputeText(LICENCE, 'ja', site)).toContain('Sori Music Inc.（(주)소리뮤직）から');
    expect(disputeText(LICENCE, 'ko', site)).toContain('(주)소리뮤직(Sori)에서');
    // A licence some other licensor signed keeps its own name.
    expect(disputeText(LICENCE, 'en', { ...site, companyName: '다른 회사' })).toContain('from (주)소리뮤직 (Sori).');
  });
});
