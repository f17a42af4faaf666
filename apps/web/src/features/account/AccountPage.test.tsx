import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeviceSession, User } from '@sori/contract';
import { configureApiClient } from '../../lib/api-client';
import { notices } from '../../lib/notices';
import { createQueryClient } from '../../lib/query-client';
import { createTestI18n } from '../../test/i18n';
import { AuthModalContext } from '../auth/auth-modal-state';
import { sessionStore } from '../auth/session';
import AccountPage from './AccountPage';

// The app's own i18n instance (which the sign-in modals' error boundary imports) would fetch its files over
// HTTP and retry after the test has ended; the page is given the test instance instead.
vi.mock('../../i18n', async () => ({ i18n: (await import('i18next')).default.createInstance() }));

const USER: User = {
  id: 1,
  email: 'sori@example.com',
  name: '김소리',
  nick: '소리',
  phone: '010-1234-5678',
  team: null,
  level: 1,
  plan: 'free',
  planExpiresAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
};

const THIS_DEVICE: DeviceSession = {
  id: 'this-device-000000000000',
  current: true,
  browser: 'Chrome',
  os: 'Windows',
  platform: 'desktop',
  signedInAt: '2026-12-01T01:00:00.000Z',
  lastSeenAt: new Date().toISOString(),
  expiresAt: '2026-12-31T01:00:00.000Z',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** What the account page reads on opening, answered plainly; `answer` decides the rest. */
function server(answer: (path: string, init: RequestInit | undefined) => Response | Promise<Response> | undefined) {
  return vi.fn<typeof fetch>(async (input, init) => {
    const path = new URL(String(input), 'http://sori.test').pathname;
    const answered = await answer(path, init);
    if (answered) return answered;
    if (path === '/api/site') return json(200, { body: { plans: [], mailEnabled: true, supportEmail: null } });
    if (path === '/api/my/consents' || path === '/api/my/channels') return json(200, { body: [] });
    if (path === '/api/my/sessions') return json(200, { body: [THIS_DEVICE] });
    if (path === '/api/my/alerts') return json(200, { body: { newDevice: true } });
    if (path === '/api/my/licences') return json(200, { body: { content: [], totalElements: 0, totalPages: 0, number: 0, size: 10 } });
    return json(404, { code: 'NOT_FOUND', message: 'not found' });
  });
}

async function renderAccount(fetchMock: typeof fetch) {
  configureApiClient({ fetch: fetchMock, getToken: () => 'tok', onUnauthorized: () => undefined });
  sessionStore.signIn('tok', USER);
  const i18n = await createTestI18n('ko');
  const modal = {
    mode: null,
    openCount: 0,
    openLogin: vi.fn(),
    openLoginFor: vi.fn(),
    returnFocus: null,
    resume: null,
    opener: null,
    openSignup: vi.fn(),
    openForgot: vi.fn(),
    close: vi.fn(),
  };
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <AuthModalContext.Provider value={modal}>
          <MemoryRouter initialEntries={['/account']}>
            <Routes>
              <Route path="/account" element={<AccountPage />} />
              <Route path="/" element={<h1>홈</h1>} />
            </Routes>
          </MemoryRouter>
        </AuthModalContext.Provider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('the account page’s password change', () => {
  beforeEach(() => sessionStore.clear());
  afterEach(() => sessionStore.clear());

  const section = () => within(screen.getByTestId('account-password'));
  const fields = () => ({
    current: section().getByLabelText('현재 비밀번호'),
    password: section().getByLabelText('새 비밀번호'),
    confirm: section().getByLabelText('새 비밀번호 확인'),
  });
  /** The fields marked as the error's, by aria-invalid and the red outline, and described by the error. */
  const marked = () =>
    Object.entries(fields())
      .filter(([, input]) => input.getAttribute('aria-invalid') === 'true' && input.classList.contains('is-invalid'))
      .map(([name, input]) => {
        expect(input, name).toHaveAccessibleDescription(expect.stringContaining(section().getByRole('alert').textContent!));
        return name;
      });

  it('marks and focuses the field each error is about: required, too short, mismatch', async () => {
    const user = userEvent.setup();
    const fetchMock = server(() => undefined);
    await renderAccount(fetchMock);
    const { current, password, confirm } = fields();
    const submit = section().getByRole('button', { name: '비밀번호 변경' });

    await user.click(submit);
    expect(section().getByRole('alert')).toHaveTextContent('필수 항목을 모두 입력해주세요.');
    expect(marked()).toEqual(['current', 'password']);
    expect(current).toHaveFocus();

    await user.type(current, 'secret1');
    await user.click(submit);
    expect(marked()).toEqual(['password']);
    expect(password).toHaveFocus();

    await user.type(password, '123');
    await user.type(confirm, '123');
    await user.click(submit);
    expect(section().getByRole('alert')).toHaveTextContent('비밀번호는 최소 6자 이상이어야 합니다.');
    expect(marked()).toEqual(['password']);
    expect(password).toHaveFocus();

    await user.type(password, '456');
    await user.click(submit);
    expect(section().getByRole('alert')).toHaveTextContent('비밀번호가 일치하지 않습니다.');
    expect(marked()).toEqual(['confirm']);
    expect(confirm).toHaveFocus();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/my/password'))).toBe(false);
  });

  it('marks and focuses the current password when the server says it is wrong, and clears the mark once changed', async () => {
    const user = userEvent.setup();
    let wrong = true;
    const fetchMock = server((path) => {
      if (path !== '/api/my/password') return undefined;
      if (wrong) return json(400, { code: 'CURRENT_PASSWORD_WRONG', message: '현재 비밀번호가 올바르지 않습니다.' });
      return json(200, { body: { token: 'tok2', expiresIn: 3600, user: USER } });
    });
    await renderAccount(fetchMock);
    const { current, password, confirm } = fields();
    await user.type(current, 'not-mine');
    await user.type(password, 'second-pass');
    await user.type(confirm, 'second-pass');
    const submit = section().getByRole('button', { name: '비밀번호 변경' });
    await user.click(submit);
    expect(await section().findByRole('alert')).toHaveTextContent('현재 비밀번호가 올바르지 않습니다.');
    expect(marked()).toEqual(['current']);
    expect(current).toHaveFocus();
    expect(current).toHaveAttribute('aria-describedby', 'account-password-error');

    wrong = false;
    await user.clear(current);
    await user.type(current, 'secret1');
    await user.click(submit);
    expect(await section().findByTestId('password-done')).toBeInTheDocument();
    expect(section().queryByRole('alert')).not.toBeInTheDocument();
    expect(marked()).toEqual([]);
    // The button was busy, not disabled: it keeps the focus.
    expect(submit).toHaveFocus();
  });

  it('sends one request for two presses while the change is under way', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = server((path) => (path === '/api/my/password' ? new Promise<Response>((resolve) => (answer = resolve)) : undefined));
    await renderAccount(fetchMock);
    const { current, password, confirm } = fields();
    await user.type(current, 'secret1');
    await user.type(password, 'second-pass');
    await user.type(confirm, 'second-pass');
    const submit = section().getByRole('button', { name: '비밀번호 변경' });
    await user.click(submit);
    expect(submit).toHaveAttribute('aria-busy', 'true');
    await user.type(confirm, '{Enter}');
    await act(async () => answer(json(200, { body: { token: 'tok2', expiresIn: 3600, user: USER } })));
    expect(await section().findByTestId('password-done')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([input]) => String(input).includes('/my/password'))).toHaveLength(1);
  });
});

describe('the account page’s withdrawal', () => {
  beforeEach(() => sessionStore.clear());
  afterEach(() => {
    sessionStore.clear();
    for (const n of notices.getSnapshot()) notices.dismiss(n.id);
  });

  const openDialog = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(screen.getByTestId('withdraw-open'));
    return within(await screen.findByRole('dialog', { name: '정말 탈퇴하시겠어요?' }));
  };

  it('says before the password what goes, what stays valid and what to save first', async () => {
    const user = userEvent.setup();
    await renderAccount(server(() => undefined));
    const dialog = await openDialog(user);
    const list = dialog.getByTestId('withdraw-consequences');
    expect(list).toHaveTextContent('저작권 자동 확인(Content ID) 예외 목록에서 빠집니다');
    expect(list).toHaveTextContent('탈퇴한 뒤에는 증명서(PDF)를 다시 받을 수 없으니');
    expect(list).toHaveTextContent('요금제는 남은 기간과 관계없이 탈퇴와 함께 끝납니다');
    expect(list).toHaveTextContent('5년간');
    expect(within(list).getByRole('link', { name: '다운로드 목록에서 증명서 저장하기' })).toHaveAttribute('href', '/download');
  });

  it('marks and focuses the password when it is refused', async () => {
    const user = userEvent.setup();
    await renderAccount(
      server((path) =>
        path === '/api/my/withdrawal' ? json(400, { code: 'PASSWORD_WRONG', message: '비밀번호가 올바르지 않습니다.' }) : undefined,
      ),
    );
    const dialog = await openDialog(user);
    const password = dialog.getByLabelText('비밀번호를 입력해 탈퇴를 확인해주세요');
    await user.type(password, 'not-mine');
    await user.click(dialog.getByRole('button', { name: '탈퇴하기' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('비밀번호가 올바르지 않습니다.');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveClass('is-invalid');
    expect(password).toHaveAccessibleDescription('비밀번호가 올바르지 않습니다.');
    expect(password).toHaveFocus();
  });

  it('goes to the home page once the account is gone, and says so there', async () => {
    const user = userEvent.setup();
    await renderAccount(server((path) => (path === '/api/my/withdrawal' ? json(200, { body: { withdrawn: true } }) : undefined)));
    const dialog = await openDialog(user);
    await user.type(dialog.getByLabelText('비밀번호를 입력해 탈퇴를 확인해주세요'), 'secret1{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: '홈' })).toBeInTheDocument();
    expect(screen.queryByTestId('login-required')).not.toBeInTheDocument();
    expect(sessionStore.getSnapshot().token).toBeNull();
    expect(notices.getSnapshot().map((n) => n.text)).toEqual(['탈퇴가 완료되었습니다. 그동안 Sori를 이용해주셔서 감사합니다.']);
  });
});

describe('the account page’s data download', () => {
  beforeEach(() => sessionStore.clear());
  afterEach(() => {
    sessionStore.clear();
    for (const n of notices.getSnapshot()) notices.dismiss(n.id);
  });
  /** A blob's text, by FileReader (jsdom's Blob has no `text()`). */
  const textOf = (blob: Blob) =>
    new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(blob);
    });

  it('saves everything the server keeps as one JSON file named by the Korean day, busy meanwhile and keeping the focus', async () => {
    const user = userEvent.setup();
    let answer!: (r: Response) => void;
    const data = {
      format: 'sori-account-data/1',
      exportedAt: '2026-11-29T16:30:00.000Z',
      account: { ...USER, language: 'ko', newDeviceAlerts: true },
    };
    await renderAccount(server((path) => (path === '/api/my/data' ? new Promise<Response>((r) => (answer = r)) : undefined)));
    const saved: { name: string; text: Promise<string> }[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      saved.push({ name: '', text: textOf(blob) });
      return 'blob:sori/1';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1]!.name = this.download;
    });
    const button = within(screen.getByTestId('account-data')).getByRole('button', { name: '내 정보 내려받기 (JSON)' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveFocus();
    await act(async () => answer(json(200, { body: data })));
    // 16:30 UTC on the 29th is the 30th in Korea.
    await vi.waitFor(() => expect(saved[0]?.name).toBe('sori-account-data-2026-11-30.json'));
    expect(JSON.parse(await saved[0]!.text)).toEqual(data);
    expect(click).toHaveBeenCalledTimes(1);
    expect(button).not.toHaveAttribute('aria-busy');
    expect(notices.getSnapshot().map((n) => n.text)).toEqual(['sori-account-data-2026-11-30.json 파일로 저장했습니다.']);
  });

  it('saves the same data as a document to read, in the page’s language, named by the Korean day', async () => {
    const user = userEvent.setup();
    const data = {
      format: 'sori-account-data/1',
      exportedAt: '2026-11-29T16:30:00.000Z',
      account: { ...USER, language: 'ko', newDeviceAlerts: true },
      ...Object.fromEntries(
        ['consents', 'channels', 'licences', 'likes', 'downloads', 'playlists', 'uploads', 'sessions'].map((k) => [k, []]),
      ),
    };
    await renderAccount(server((path) => (path === '/api/my/data' ? json(200, { body: data }) : undefined)));
    const saved: { name: string; text: Promise<string>; type: string }[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        saved.push({ name: '', text: textOf(blob), type: blob.type });
        return 'blob:sori/2';
      }),
      revokeObjectURL: vi.fn(),
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1]!.name = this.download;
    });
    await user.click(within(screen.getByTestId('account-data')).getByRole('button', { name: '읽기용 문서로 내려받기 (HTML)' }));
    await vi.waitFor(() => expect(saved[0]?.name).toBe('sori-account-data-2026-11-30.html'));
    expect(saved[0]!.type).toBe('text/html;charset=utf-8');
    const html = await saved[0]!.text;
    expect(html).toContain('<h1>Sori에 보관된 내 정보</h1>');
    expect(html).toContain('<dt>이메일</dt><dd>sori@example.com</dd>');
    expect(notices.getSnapshot().map((n) => n.text)).toEqual(['sori-account-data-2026-11-30.html 파일로 저장했습니다.']);
  });

  it('says so when the server refuses, in its words', async () => {
    const user = userEvent.setup();
    await renderAccount(
      server((path) =>
        path === '/api/my/data'
          ? json(429, { code: 'RATE_LIMITED', message: '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.' })
          : undefined,
      ),
    );
    await user.click(within(screen.getByTestId('account-data')).getByRole('button', { name: '내 정보 내려받기 (JSON)' }));
    await vi.waitFor(() =>
      expect(notices.getSnapshot().map((n) => [n.tone, n.text])).toEqual([['danger', '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.']]),
    );
  });
});

describe('the account page’s latest licences', () => {
  beforeEach(() => sessionStore.clear());
  afterEach(() => {
    sessionStore.clear();
    for (const n of notices.getSnapshot()) notices.dismiss(n.id);
  });

  it('offers the description credit for an active licence, not for a revoked one', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const licence = (id: string, status: 'active' | 'revoked', trackTitle: string) => ({
      id,
      trackId: 3,
      trackTitle,
      trackArtist: '소리 앙상블',
      issuedAt: '2026-12-01T01:00:00.000Z',
      status,
    });
    const content = [licence('SORI-AAAA-BBBB-CCCC', 'active', '바다의 노래'), licence('SORI-DDDD-EEEE-FFFF', 'revoked', '숲의 노래')];
    await renderAccount(
      server((path) =>
        path === '/api/my/licences' ? json(200, { body: { content, totalElements: 2, totalPages: 1, number: 0, size: 10 } }) : undefined,
      ),
    );
    const [active, revoked] = await screen.findAllByTestId('account-licence');
    expect(within(revoked!).queryByTestId('licence-credit')).toBeNull();
    await userEvent.click(within(active!).getByRole('button', { name: '바다의 노래 영상 설명란 문구 복사' }));
    await vi.waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(
        `배경음악: 소리 앙상블 – 바다의 노래\nSori 라이선스 SORI-AAAA-BBBB-CCCC · 확인: ${window.location.origin}/verify/SORI-AAAA-BBBB-CCCC`,
      ),
    );
  });
});

describe('the account page’s signed-in devices', () => {
  beforeEach(() => sessionStore.clear());
  afterEach(() => {
    sessionStore.clear();
    for (const n of notices.getSnapshot()) notices.dismiss(n.id);
  });

  const section = () => within(screen.getByTestId('account-devices'));
  const PHONE: DeviceSession = {
    ...THIS_DEVICE,
    id: 'phone-000000000000000000',
    current: false,
    browser: 'Safari',
    os: 'iOS',
    platform: 'mobile',
    lastSeenAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
  };
  const OLD: DeviceSession = { ...PHONE, id: 'old-00000000000000000000', browser: null, os: null, platform: null, lastSeenAt: null };

  /** A server that keeps the devices and signs them out as asked. */
  const devicesServer = (devices: DeviceSession[], refuse = new Set<string>()) => {
    let live = [...devices];
    return server((path, init) => {
      if (path === '/api/my/sessions' && init?.method === 'DELETE') {
        const ended = live.filter((d) => !d.current).length;
        live = live.filter((d) => d.current);
        return json(200, { body: { ended } });
      }
      if (path === '/api/my/sessions') return json(200, { body: live });
      const id = /^\/api\/my\/sessions\/(.+)$/u.exec(path)?.[1];
      if (id && init?.method === 'DELETE') {
        if (refuse.has(id)) {
          live = live.filter((d) => d.id !== id);
          return json(404, { code: 'SESSION_NOT_FOUND', message: '이미 로그아웃된 기기입니다. 목록을 새로 불러왔습니다.' });
        }
        live = live.filter((d) => d.id !== id);
        return json(200, { body: { id } });
      }
      return undefined;
    });
  };

  it('lists this device first and the others with their kind, sign-in day and last use', async () => {
    await renderAccount(devicesServer([THIS_DEVICE, PHONE, OLD]));
    const items = await section().findAllByTestId('device-item');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Chrome · Windows 이 기기');
    expect(items[0]).toHaveTextContent('컴퓨터 · 2026년 12월 1일 로그인 · 지금 사용 중');
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(items[1]).toHaveTextContent('Safari · iOS');
    expect(items[1]).toHaveTextContent('휴대폰 · 2026년 12월 1일 로그인 · 3시간 전 사용');
    expect(items[2]).toHaveTextContent('알 수 없는 브라우저');
    expect(items[2]).toHaveTextContent('사용 기록 없음');
    expect(section().getByRole('button', { name: 'Safari · iOS (휴대폰)에서 로그아웃' })).toBeInTheDocument();
    expect(section().getByRole('button', { name: '다른 기기 모두 로그아웃' })).toBeInTheDocument();
    // Two devices of one make are told apart by the line the button is described by.
    expect(section().getByRole('button', { name: 'Safari · iOS (휴대폰)에서 로그아웃' })).toHaveAccessibleDescription(
      /2026년 12월 1일 로그인\s·\s3시간 전 사용/u,
    );
  });

  it('signs one device out, says so, and keeps the focus in the list; with none left, on the line that says so', async () => {
    const user = userEvent.setup();
    const fetchMock = devicesServer([THIS_DEVICE, PHONE, OLD]);
    await renderAccount(fetchMock);
    await user.click(await section().findByRole('button', { name: 'Safari · iOS (휴대폰)에서 로그아웃' }));
    expect(
      fetchMock.mock.calls.some(([input, init]) => String(input).endsWith(`/api/my/sessions/${PHONE.id}`) && init?.method === 'DELETE'),
    ).toBe(true);
    expect(notices.getSnapshot().map((n) => n.text)).toContain('Safari · iOS (휴대폰)에서 로그아웃했습니다.');
    const next = await section().findByRole('button', { name: '알 수 없는 브라우저에서 로그아웃' });
    await vi.waitFor(() => expect(next).toHaveFocus());
    expect(section().getAllByTestId('device-item')).toHaveLength(2);
    // One other device left: no "all others" button for one.
    expect(section().queryByRole('button', { name: '다른 기기 모두 로그아웃' })).toBeNull();

    await user.click(next);
    const only = await section().findByText('다른 기기에는 로그인되어 있지 않습니다.');
    await vi.waitFor(() => expect(only).toHaveFocus());
  });

  it('signs out every other device at once and counts them', async () => {
    const user = userEvent.setup();
    await renderAccount(devicesServer([THIS_DEVICE, PHONE, OLD]));
    await user.click(await section().findByRole('button', { name: '다른 기기 모두 로그아웃' }));
    expect(await section().findByText('다른 기기에는 로그인되어 있지 않습니다.')).toBeInTheDocument();
    expect(notices.getSnapshot().map((n) => n.text)).toContain('다른 기기 2대에서 로그아웃했습니다.');
    expect(section().getAllByTestId('device-item')).toHaveLength(1);
  });

  it('says when a device was already signed out, and shows the list without it', async () => {
    const user = userEvent.setup();
    await renderAccount(devicesServer([THIS_DEVICE, PHONE], new Set([PHONE.id])));
    await user.click(await section().findByRole('button', { name: 'Safari · iOS (휴대폰)에서 로그아웃' }));
    expect(await section().findByText('다른 기기에는 로그인되어 있지 않습니다.')).toBeInTheDocument();
    expect(notices.getSnapshot()).toContainEqual(
      expect.objectContaining({ tone: 'danger', text: '이미 로그아웃된 기기입니다. 목록을 새로 불러왔습니다.' }),
    );
  });

  it('turns the mail on a sign-in from a new device off and on, saying what it sends and what was done', async () => {
    const user = userEvent.setup();
    let kept = true;
    const saved: unknown[] = [];
    let fail = false;
    await renderAccount(
      server((path, init) => {
        if (path !== '/api/my/alerts') return undefined;
        if (init?.method === 'PUT') {
          if (fail) return json(503, { code: 'UNAVAILABLE', message: '잠시 후 다시 시도해 주세요.' });
          saved.push(JSON.parse(String(init.body)));
          kept = (saved.at(-1) as { newDevice: boolean }).newDevice;
        }
        return json(200, { body: { newDevice: kept } });
      }),
    );
    const toggle = await section().findByRole('switch', { name: '새로운 기기에서 로그인하면 이메일로 알림 받기' });
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/최근 사용하지 않은 브라우저나 기기로 로그인하면 일시, 기기, IP 주소를 알려 드립니다/u);

    await user.click(toggle);
    await vi.waitFor(() =>
      expect(notices.getSnapshot().map((n) => n.text)).toContain(
        '새로운 기기 로그인 알림을 껐습니다. 모르는 기기가 없는지 이 목록에서 가끔 확인해 주세요.',
      ),
    );
    expect(saved).toEqual([{ newDevice: false }]);
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveFocus();

    // A failure puts back what the server keeps, and says so.
    fail = true;
    await user.click(toggle);
    await vi.waitFor(() => expect(notices.getSnapshot().some((n) => n.tone === 'danger')).toBe(true));
    expect(toggle).not.toBeChecked();

    fail = false;
    await user.click(toggle);
    await vi.waitFor(() => expect(notices.getSnapshot().map((n) => n.text)).toContain('새로운 기기 로그인 알림을 켰습니다.'));
    expect(saved).toEqual([{ newDevice: false }, { newDevice: true }]);
    expect(toggle).toBeChecked();
  });

  it('has no mail switch where the server sends no mail', async () => {
    await renderAccount(
      server((path) => (path === '/api/site' ? json(200, { body: { plans: [], mailEnabled: false, supportEmail: null } }) : undefined)),
    );
    await section().findAllByTestId('device-item');
    expect(section().queryByRole('switch')).toBeNull();
  });
});
