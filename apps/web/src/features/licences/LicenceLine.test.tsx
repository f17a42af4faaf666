import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../lib/api-client';
import { notices } from '../../lib/notices';
import { createTestI18n } from '../../test/i18n';
import { AuthModalContext } from '../auth/auth-modal-state';
import { NoticeStack } from '../../components/NoticeStack';
import { LicenceLine } from './LicenceLine';
import type { Music } from '@sori/contract';

const ID = 'SORI-7GWR-M0X5-WYAE';
const TRACK = {
  id: 12,
  title: '바다의 노래',
  licences: [{ licenceId: ID, licensedAt: '2026-11-25T01:00:00.000Z', status: 'active' }],
} as unknown as Music;

const openLogin = vi.fn();
const openLoginFor = vi.fn<(returnFocus: () => HTMLElement | null, resume?: (control: HTMLElement | null) => void) => void>();

async function open(lang: 'ko' | 'en' | 'ja', track: Music = TRACK) {
  const i18n = await createTestI18n(lang);
  const modal = {
    mode: null,
    openCount: 0,
    openLogin,
    openLoginFor,
    returnFocus: null,
    resume: null,
    opener: null,
    openSignup: vi.fn(),
    openForgot: vi.fn(),
    close: vi.fn(),
  };
  render(
    <I18nextProvider i18n={i18n}>
      <AuthModalContext.Provider value={modal}>
        <MemoryRouter>
          <LicenceLine track={track} />
        </MemoryRouter>
      </AuthModalContext.Provider>
    </I18nextProvider>,
  );
}

describe('a licence’s certificate button in the download history', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const shown: { tone: string; text: string; action?: string }[] = [];
  let stop = () => {};
  const clicks = vi.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    clicks.mockReset();
    openLogin.mockReset();
    openLoginFor.mockReset();
    configureApiClient({
      fetch: fetchMock,
      getToken: () => 't',
      onUnauthorized: () => undefined,
      networkErrorMessage: () => 'Check your network connection.',
    });
    shown.length = 0;
    stop = notices.subscribe(() =>
      shown.splice(
        0,
        shown.length,
        ...notices.getSnapshot().map(({ tone, text, action }) => ({ tone, text, ...(action ? { action: action.label } : {}) })),
      ),
    );
    URL.createObjectURL = vi.fn(() => 'blob:certificate');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks(this.download);
    });
  });
  afterEach(() => {
    stop();
    for (const n of notices.getSnapshot()) notices.dismiss(n.id);
    vi.restoreAllMocks();
  });

  it('says it is busy while the PDF is made, keeping its name and the focus, then that the file was saved', async () => {
    let answer: (r: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    await open('en');
    const button = screen.getByRole('button', { name: 'Download the licence certificate for 바다의 노래' });
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button.querySelector('.spinner-border')).not.toBeNull();
    expect(button).toHaveAccessibleName('Download the licence certificate for 바다의 노래');
    expect(button).toHaveFocus();
    // A second press while it is busy asks for nothing more.
    await userEvent.click(button);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    answer(new Response(new Blob(['%PDF']), { status: 200, headers: { 'Content-Type': 'application/pdf' } }));
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(button.querySelector('.spinner-border')).toBeNull();
    expect(clicks).toHaveBeenCalledWith(`${ID}.pdf`);
    expect(shown).toEqual([{ tone: 'success', text: `Certificate saved as “${ID}.pdf”.` }]);
  });

  it('says in the UI language that it failed, and a dropped connection as such', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ message: 'not yours', code: 'LICENCE_NOT_YOURS' }), {
        status: 403,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    await open('ko');
    const button = screen.getByRole('button', { name: /라이선스 증명서/u });
    await userEvent.click(button);
    await waitFor(() => expect(shown).toEqual([{ tone: 'danger', text: '증명서를 내려받지 못했습니다. 잠시 후 다시 시도해 주세요.' }]));
    expect(button).not.toHaveAttribute('aria-busy');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await userEvent.click(button);
    await waitFor(() => expect(shown.map((n) => n.text)).toContain('Check your network connection.'));
    expect(clicks).not.toHaveBeenCalled();
  });

  it('says the session ended on a 401 and offers the login modal; signed in again, the certificate is fetched', async () => {
    const signOut = vi.fn();
    configureApiClient({ onUnauthorized: signOut });
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ message: '로그인 정보가 만료되었습니다. 다시 로그인해주세요.', code: 'TOKEN_INVALID' }), {
        status: 401,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    await open('ko');
    const button = screen.getByRole('button', { name: /라이선스 증명서/u });
    await userEvent.click(button);
    await waitFor(() =>
      expect(shown).toEqual([
        {
          tone: 'danger',
          text: '로그인이 만료되어 증명서를 내려받지 못했습니다. 다시 로그인한 후 증명서를 받아주세요.',
          action: '로그인',
        },
      ]),
    );
    expect(signOut).toHaveBeenCalledTimes(1);
    // The notice's button opens the app's login modal, as a download's 'login required' does, naming this
    // button as where the focus goes back to once signed in.
    notices.getSnapshot()[0]!.action!.onClick();
    expect(openLoginFor).toHaveBeenCalledTimes(1);
    expect(openLoginFor.mock.calls[0]![0]()).toBe(button);
    expect(clicks).not.toHaveBeenCalled();
    // Signed in again, the modal resumes with the control it found again: the certificate is fetched and saved.
    fetchMock.mockResolvedValueOnce(new Response(new Blob(['%PDF']), { status: 200, headers: { 'Content-Type': 'application/pdf' } }));
    const resume = openLoginFor.mock.calls[0]![1]!;
    act(() => resume(button));
    await waitFor(() => expect(clicks).toHaveBeenCalledWith(`${ID}.pdf`));
    expect(shown.at(-1)).toEqual({ tone: 'success', text: `“${ID}.pdf” 증명서를 저장했습니다.` });
  });
});

describe('a licence’s video description credit', () => {
  const shown: { tone: string; text: string }[] = [];
  let stop = () => {};
  const writeText = vi.fn<(text: string) => Promise<void>>();
  beforeEach(() => {
    shown.length = 0;
    writeText.mockReset();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    stop = notices.subscribe(() => shown.splice(0, shown.length, ...notices.getSnapshot().map(({ tone, text }) => ({ tone, text }))));
  });
  afterEach(() => {
    stop();
    for (const n of notices.getSnapshot()) notices.dismiss(n.id);
  });
  const withArtist = { ...TRACK, artist: '소리 앙상블' } as Music;
  const verifyUrl = `${window.location.origin}/verify/${ID}`;

  it('copies, in the reader’s language, the music, the licence and its verify address, and says where it goes', async () => {
    writeText.mockResolvedValue();
    await open('ko', withArtist);
    await userEvent.click(screen.getByRole('button', { name: '바다의 노래 영상 설명란 문구 복사' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    expect(writeText.mock.calls[0]![0]).toBe(`배경음악: 소리 앙상블 – 바다의 노래\nSori 라이선스 ${ID} · 확인: ${verifyUrl}`);
    expect(shown).toEqual([{ tone: 'success', text: '설명란 문구를 복사했습니다. 영상 설명란에 붙여 넣으세요.' }]);
  });

  it('in English too; without clipboard access the credit waits in a field, focused and selected, to copy by hand', async () => {
    writeText.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    await open('en', withArtist);
    render(<NoticeStack />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy the video description credit for 바다의 노래' }));
    const credit = `Music: 소리 앙상블 – 바다의 노래\nLicensed via Sori, licence ${ID} · Verify: ${verifyUrl}`;
    await waitFor(() =>
      expect(shown).toEqual([
        { tone: 'info', text: "The credit could not be copied for you. Copy it from here into your video's description:" },
      ]),
    );
    const field = screen.getByRole('textbox', {
      name: "The credit could not be copied for you. Copy it from here into your video's description:",
    });
    expect(field).toHaveValue(credit);
    expect(field).toHaveAttribute('readonly');
    expect(field).toHaveFocus();
    const area = field as HTMLTextAreaElement;
    expect([area.selectionStart, area.selectionEnd]).toEqual([0, credit.length]);
    // It stays until closed: copying by hand takes as long as it takes.
    expect(notices.getSnapshot()[0]!.copy).toBe(credit);
  });

  it('in Japanese, names the track alone when it has no artist', async () => {
    writeText.mockResolvedValue();
    await open('ja');
    await userEvent.click(screen.getByRole('button', { name: '바다의 노래の概要欄テキストをコピー' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`BGM：바다의 노래\nSoriライセンス ${ID}・確認：${verifyUrl}`));
  });

  it('a revoked licence offers no credit: it no longer licenses anything', async () => {
    await open('ko', {
      ...TRACK,
      licences: [{ licenceId: ID, licensedAt: '2026-11-25T01:00:00.000Z', status: 'revoked' }],
    } as unknown as Music);
    expect(screen.getByTestId('licence-revoked')).toBeInTheDocument();
    expect(screen.queryByTestId('licence-credit')).toBeNull();
  });
});
