import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { useRef, useState, type ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query-client';
import { createTestI18n } from '../../test/i18n';
import { AuthModalProvider, useAuthModal } from './AuthModalContext';
import { notices } from '../../lib/notices';
import { sessionStore } from './session';

const USER = {
  id: 1,
  email: 'sori@example.com',
  name: '김소리',
  nick: '소리',
  phone: '010',
  team: null,
  level: 1,
  plan: 'free' as const,
  planExpiresAt: null,
  createdAt: '',
};

function Openers() {
  const { openLogin, openSignup } = useAuthModal();
  return (
    <>
      <button onClick={openLogin}>open login</button>
      <button onClick={openSignup}>open signup</button>
    </>
  );
}

/** What the control's notice asked to be done once signed in: called with the control found then, or null. */
const resumed = vi.fn<(control: HTMLElement | null) => void>();

/**
 * The header's account menu and login button, and a control with a notice of its own whose "로그인" names it
 * as where the focus goes back to (as the certificate button does after a 401), and asks for `resumed` once
 * signed in. Both login buttons go as they are pressed: the notice's with the notice (NoticeStack), the
 * header's once signed in.
 */
function ControlWithNotice() {
  const { openLoginFor, openLogin } = useAuthModal();
  const certificate = useRef<HTMLButtonElement>(null);
  const [shown, setShown] = useState({ certificate: true, notice: true, header: true });
  const hide = (part: keyof typeof shown) => setShown((now) => ({ ...now, [part]: false }));
  // jsdom lays nothing out; the account menu is on screen (the modal looks for the one shown).
  const onScreen = (button: HTMLButtonElement | null) => {
    if (button) button.getClientRects = () => [new DOMRect(0, 0, 40, 20)] as unknown as DOMRectList;
  };
  return (
    <>
      <div data-testid="user-menu">
        <button type="button" ref={onScreen}>
          계정
        </button>
      </div>
      {shown.header ? (
        <button
          type="button"
          onClick={() => {
            hide('header');
            openLogin();
          }}
        >
          헤더의 로그인
        </button>
      ) : null}
      {shown.certificate ? (
        <button type="button" ref={certificate}>
          라이선스 증명서
        </button>
      ) : null}
      <button type="button" onClick={() => hide('certificate')}>
        증명서 치우기
      </button>
      {shown.notice ? (
        <button
          type="button"
          onClick={() => {
            hide('notice');
            openLoginFor(
              () => certificate.current,
              (control) => resumed(control),
            );
          }}
        >
          알림의 로그인
        </button>
      ) : null}
    </>
  );
}

async function renderModals(content: ReactNode = <Openers />) {
  const i18n = await createTestI18n('ko');
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <AuthModalProvider>{content}</AuthModalProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('login and signup modals', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    fetchMock.mockReset();
    resumed.mockReset();
    configureApiClient({ fetch: fetchMock, getToken: () => null });
    sessionStore.clear();
  });
  afterEach(() => sessionStore.clear());

  it('should show the validation message, then spinner and "로그인 중...", then close on success', async () => {
    const user = userEvent.setup();
    await renderModals();
    await user.click(screen.getByText('open login'));
    const dialog = await screen.findByRole('dialog');
    await user.click(screen.getAllByRole('button', { name: '로그인' }).at(-1)!);
    expect(await screen.findByRole('alert')).toHaveTextContent('이메일과 비밀번호를 모두 입력해주세요.');

    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    await user.type(screen.getByLabelText('이메일'), 'sori@example.com');
    await user.type(screen.getByLabelText('비밀번호'), 'secret1');
    await user.click(screen.getAllByRole('button', { name: '로그인' }).at(-1)!);
    // Busy, not disabled: a disabled button would drop the focus to the page's start.
    const busy = await screen.findByRole('button', { name: /로그인 중\.\.\./u });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).not.toBeDisabled();

    await act(async () => answer(json(200, { body: { token: 'tok', expiresIn: 3600, user: USER } })));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(sessionStore.getSnapshot()).toEqual({ token: 'tok', user: USER });
  });

  describe('the focus once signed in', () => {
    const signIn = async (user: ReturnType<typeof userEvent.setup>) => {
      const dialog = await screen.findByRole('dialog');
      fetchMock.mockResolvedValueOnce(json(200, { body: { token: 'tok', expiresIn: 3600, user: USER } }));
      await user.type(screen.getByLabelText('이메일'), 'sori@example.com');
      await user.type(screen.getByLabelText('비밀번호'), 'secret1{Enter}');
      await waitFor(() => expect(dialog).not.toBeInTheDocument());
    };

    it('goes back to the control whose notice opened the login', async () => {
      const user = userEvent.setup();
      await renderModals(<ControlWithNotice />);
      // The notice's button goes with the notice as it is pressed, as in NoticeStack.
      await user.click(screen.getByRole('button', { name: '알림의 로그인' }));
      await signIn(user);
      await waitFor(() => expect(screen.getByRole('button', { name: '라이선스 증명서' })).toHaveFocus());
      // Then what was asked for is done, once, with the control.
      await waitFor(() => expect(resumed).toHaveBeenCalledTimes(1));
      expect(resumed).toHaveBeenCalledWith(screen.getByRole('button', { name: '라이선스 증명서' }));
    });

    it('does nothing of what was asked for when the login is closed without signing in', async () => {
      const user = userEvent.setup();
      await renderModals(<ControlWithNotice />);
      await user.click(screen.getByRole('button', { name: '알림의 로그인' }));
      await screen.findByRole('dialog');
      await user.keyboard('{Escape}');
      // The fade's fallback timer takes the dialog away: over a second with both cores busy (failed once so).
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 4000 });
      // Closed without signing in: nothing waits any more, not even for the header's login after it.
      await user.click(screen.getByRole('button', { name: '헤더의 로그인' }));
      await signIn(user);
      await waitFor(() => expect(screen.getByRole('button', { name: '계정' })).toHaveFocus(), { timeout: 4000 });
      expect(resumed).not.toHaveBeenCalled();
    });

    it('goes to the account menu when that control is gone', async () => {
      const user = userEvent.setup();
      await renderModals(<ControlWithNotice />);
      await user.click(screen.getByRole('button', { name: '알림의 로그인' }));
      await screen.findByRole('dialog');
      // Gone meanwhile (a modal leaves the page behind it in the tree; the test removes it through React).
      act(() => screen.getByRole('button', { name: '증명서 치우기', hidden: true }).click());
      await signIn(user);
      await waitFor(() => expect(screen.getByRole('button', { name: '계정' })).toHaveFocus(), { timeout: 4000 });
      // What was asked for is still done (a download needs no control), told that the control is gone.
      await waitFor(() => expect(resumed).toHaveBeenCalledWith(null));
      expect(resumed).toHaveBeenCalledTimes(1);
    });

    it('goes to the account menu after the header’s own login, as before', async () => {
      const user = userEvent.setup();
      await renderModals(<ControlWithNotice />);
      await user.click(screen.getByRole('button', { name: '헤더의 로그인' }));
      await signIn(user);
      await waitFor(() => expect(screen.getByRole('button', { name: '계정' })).toHaveFocus());
    });
  });

  it("should show the server's message in the error banner", async () => {
    const user = userEvent.setup();
    await renderModals();
    await user.click(screen.getByText('open login'));
    await screen.findByRole('dialog');
    fetchMock.mockResolvedValueOnce(
      json(401, { message: '로그인에 실패했습니다. 이메일과 비밀번호를 확인해주세요.', code: 'INVALID_CREDENTIALS' }),
    );
    await user.type(screen.getByLabelText('이메일'), 'sori@example.com');
    await user.type(screen.getByLabelText('비밀번호'), 'wrong-password');
    await user.click(screen.getAllByRole('button', { name: '로그인' }).at(-1)!);
    expect(await screen.findByRole('alert')).toHaveTextContent('로그인에 실패했습니다. 이메일과 비밀번호를 확인해주세요.');
    // The password is what to type again: focused, its text selected (typing replaces it), described by the error.
    const password = screen.getByLabelText<HTMLInputElement>('비밀번호');
    await waitFor(() => expect(password).toHaveFocus());
    expect([password.selectionStart, password.selectionEnd]).toEqual([0, 'wrong-password'.length]);
    expect(password).toHaveAccessibleDescription('로그인에 실패했습니다. 이메일과 비밀번호를 확인해주세요.');
    // Which of the two was wrong is not said: neither is marked invalid.
    expect(password).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('이메일')).not.toHaveAttribute('aria-invalid');
  });

  it('marks and focuses the field a check before sending is about, and keeps the focus on 로그인 when the network fails', async () => {
    const user = userEvent.setup();
    await renderModals();
    await user.click(screen.getByText('open login'));
    await screen.findByRole('dialog');
    const email = screen.getByLabelText('이메일');
    const password = screen.getByLabelText('비밀번호');
    const submit = screen.getAllByRole('button', { name: '로그인' }).at(-1)!;
    await user.type(email, 'sori@example.com');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(email).not.toHaveAttribute('aria-invalid');

    await user.clear(email);
    await user.type(email, 'sori.example.com');
    await user.type(password, 'a-password');
    await user.click(submit);
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(password).not.toHaveAttribute('aria-invalid');
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await user.clear(email);
    await user.type(email, 'sori@example.com');
    await user.click(submit);
    await waitFor(() => expect(screen.getByRole('alert')).not.toHaveTextContent('이메일 형식'));
    expect(submit).toHaveFocus();
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('unmarks a field once it is right, and drops the message when no field is left wrong', async () => {
    const user = userEvent.setup();
    await renderModals();
    await user.click(screen.getByText('open login'));
    await screen.findByRole('dialog');
    const email = screen.getByLabelText('이메일');
    const password = screen.getByLabelText('비밀번호');
    await user.click(screen.getAllByRole('button', { name: '로그인' }).at(-1)!);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    await user.type(email, 'sori@example.com');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await user.type(password, 'a-password');
    expect(password).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says that the member signed in (signing out is said too: auth.spec)', async () => {
    const user = userEvent.setup();
    const shown: string[] = [];
    const stop = notices.subscribe(() => shown.splice(0, shown.length, ...notices.getSnapshot().map((n) => n.text)));
    fetchMock.mockResolvedValueOnce(json(200, { body: { token: 't', user: USER } }));
    await renderModals();
    await user.click(screen.getByText('open login'));
    await screen.findByRole('dialog');
    await user.type(screen.getByLabelText('이메일'), 'sori@example.com');
    await user.type(screen.getByLabelText('비밀번호'), 'a-password');
    await user.click(screen.getAllByRole('button', { name: '로그인' }).at(-1)!);
    await waitFor(() => expect(shown).toContain(`${USER.nick}님, 로그인되었습니다.`));
    stop();
  });

  it('should clear fields and the error when switching between the modals', async () => {
    const user = userEvent.setup();
    await renderModals();
    await user.click(screen.getByText('open login'));
    await screen.findByRole('dialog');
    await user.type(screen.getByLabelText('이메일'), 'typed@example.com');
    await user.click(screen.getAllByRole('button', { name: '로그인' }).at(-1)!);
    expect(await screen.findByRole('alert')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '회원가입' }));
    await screen.findByText('가입하기');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '로그인' }));
    await waitFor(() => expect(screen.getByLabelText('이메일')).toHaveValue(''));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  describe('the focus as the modals switch and close', () => {
    /** The dialog on screen (the one leaving may still be in the document, hidden from the tree). */
    const dialog = async (name: string) => screen.findByRole('dialog', { name });
    /** Once every modal has left the document. */
    const allClosed = () => waitFor(() => expect(document.querySelector('.modal')).toBeNull(), { timeout: 3000 });

    it('puts it on the first field at every switch, and back on what opened the first modal once closed', async () => {
      const user = userEvent.setup();
      await renderModals();
      await user.click(screen.getByText('open login'));
      const login = await dialog('로그인');
      await waitFor(() => expect(within(login).getByLabelText('이메일')).toHaveFocus());

      await user.click(within(login).getByRole('button', { name: '비밀번호를 잊으셨나요?' }));
      const forgot = await dialog('비밀번호 찾기');
      await waitFor(() => expect(login).not.toBeInTheDocument());
      expect(within(forgot).getByLabelText('이메일')).toHaveFocus();

      await user.click(within(forgot).getByRole('button', { name: '로그인으로 돌아가기' }));
      const again = await dialog('로그인');
      await waitFor(() => expect(forgot).not.toBeInTheDocument());
      expect(within(again).getByLabelText('이메일')).toHaveFocus();

      await user.click(within(again).getByRole('button', { name: '회원가입' }));
      const signup = await dialog('회원가입');
      await waitFor(() => expect(again).not.toBeInTheDocument());
      expect(within(signup).getByLabelText(/^이메일/u)).toHaveFocus();

      await user.click(within(signup).getByRole('button', { name: '로그인' }));
      const last = await dialog('로그인');
      await waitFor(() => expect(signup).not.toBeInTheDocument());
      expect(within(last).getByLabelText('이메일')).toHaveFocus();

      // Closed with Escape: back on the button that opened the first of them.
      await user.keyboard('{Escape}');
      await allClosed();
      await waitFor(() => expect(screen.getByText('open login')).toHaveFocus());
    });

    it('goes back to the account menu when what opened the modal is gone', async () => {
      const user = userEvent.setup();
      await renderModals(<ControlWithNotice />);
      // The header's login goes as it is pressed; the modal is closed with its × after a switch.
      await user.click(screen.getByRole('button', { name: '헤더의 로그인' }));
      const login = await dialog('로그인');
      await user.click(within(login).getByRole('button', { name: '회원가입' }));
      const signup = await dialog('회원가입');
      await user.click(within(signup).getByRole('button', { name: '닫기' }));
      await allClosed();
      await waitFor(() => expect(screen.getByRole('button', { name: '계정' })).toHaveFocus());
    });

    it('goes back to the control a notice asked the login for, when it is closed without signing in', async () => {
      const user = userEvent.setup();
      await renderModals(<ControlWithNotice />);
      await user.click(screen.getByRole('button', { name: '알림의 로그인' }));
      await dialog('로그인');
      await user.keyboard('{Escape}');
      await allClosed();
      await waitFor(() => expect(screen.getByRole('button', { name: '라이선스 증명서' })).toHaveFocus());
      expect(resumed).not.toHaveBeenCalled();
    });

    it('moves it to "확인" once the reset link is sent, and back to the opener when that closes the modal', async () => {
      const user = userEvent.setup();
      fetchMock.mockImplementation(async (input) =>
        String(input).includes('/findpw')
          ? json(202, { body: { accepted: true } })
          : json(200, { body: { plans: [], mailEnabled: true, supportEmail: null } }),
      );
      await renderModals();
      await user.click(screen.getByText('open login'));
      await user.click(within(await dialog('로그인')).getByRole('button', { name: '비밀번호를 잊으셨나요?' }));
      const forgot = await dialog('비밀번호 찾기');
      await user.type(within(forgot).getByLabelText('이메일'), 'sori@example.com{Enter}');
      const ok = await within(forgot).findByRole('button', { name: '확인' });
      // The message is what "확인" is described by: a screen reader says both.
      expect(ok).toHaveAccessibleDescription(within(forgot).getByTestId('forgot-sent').textContent!);
      await waitFor(() => expect(ok).toHaveFocus());
      await user.click(ok);
      await allClosed();
      await waitFor(() => expect(screen.getByText('open login')).toHaveFocus());
    });
  });

  it('should check signup fields in order before calling the server', async () => {
    const user = userEvent.setup();
    await renderModals();
    await user.click(screen.getByText('open signup'));
    await screen.findByRole('dialog');
    const submit = () => user.click(screen.getByRole('button', { name: '가입하기' }));
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('필수 항목을 모두 입력해주세요.');
    await user.type(screen.getByLabelText(/^이메일/u), 'bad-email');
    await user.type(screen.getByLabelText(/^비밀번호 \*/u), '123');
    await user.type(screen.getByLabelText(/^이름/u), '김소리');
    await user.type(screen.getByLabelText(/^휴대전화 번호/u), '010-1234-5678');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('비밀번호는 최소 6자 이상이어야 합니다.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('names sign-up fields without their required mark, and says required once, by the field', async () => {
    const user = userEvent.setup();
    await renderModals();
    await user.click(screen.getByText('open signup'));
    const dialog = await screen.findByRole('dialog');
    // The mark "*" was read with the name: "이메일 * 필수".
    const required = [
      ['signup-email', '이메일'],
      ['signup-password', '비밀번호'],
      ['signup-confirm', '비밀번호 확인'],
      ['signup-name', '이름'],
      ['signup-phone', '휴대전화 번호'],
    ] as const;
    for (const [id, name] of required) {
      const field = dialog.querySelector<HTMLInputElement>(`#${id}`)!;
      expect(field, id).toHaveAccessibleName(name);
      expect(field, id).toHaveAttribute('aria-required', 'true');
    }
    expect(screen.getByRole('textbox', { name: '이메일' })).toBeRequired();
    // An optional field says so in its name, and is not marked required.
    const team = screen.getByRole('textbox', { name: '팀/소속 (선택)' });
    expect(team).not.toBeRequired();
    // The mark is still drawn.
    expect(dialog.querySelector('label[for="signup-email"]')).toHaveTextContent('이메일 *');
    // The phone's example stays in sight under the field while typing, and describes it.
    const phone = dialog.querySelector<HTMLInputElement>('#signup-phone')!;
    await user.type(phone, '010');
    expect(phone).toHaveAccessibleDescription('예: 010-1234-5678');
    expect(screen.getByText('예: 010-1234-5678')).toBeVisible();
  });

  it('should show every password rule still unmet as the password is typed, not only the first', async () => {
    const user = userEvent.setup();
    await renderModals();
    await user.click(screen.getByText('open signup'));
    await screen.findByRole('dialog');
    const password = screen.getByLabelText(/^비밀번호 \*/u);
    const confirm = screen.getByLabelText(/^비밀번호 확인/u);
    const rules = () =>
      within(screen.getByTestId('password-rules'))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    // Before anything is typed, the rules are the field's hint, marked neither way.
    expect(rules()).toEqual(['6자 이상', '비밀번호 확인과 일치']);
    await user.type(password, '123');
    // Too short, and not confirmed: both at once, and the password is described by them.
    expect(rules()).toEqual(['6자 이상 (미충족)', '비밀번호 확인과 일치 (미충족)']);
    expect(password).toHaveAccessibleDescription(/6자 이상 \(미충족\).*비밀번호 확인과 일치 \(미충족\)/u);
    await user.type(password, '456');
    expect(rules()).toEqual(['6자 이상 (충족)', '비밀번호 확인과 일치 (미충족)']);
    await user.type(confirm, '123456');
    expect(rules()).toEqual(['6자 이상 (충족)', '비밀번호 확인과 일치 (충족)']);
    // Sent short and unconfirmed: the error names the first rule (PRODUCT §5's words), the list both, and
    // both fields are marked.
    await user.clear(password);
    await user.type(password, '12');
    await user.type(screen.getByLabelText(/^이메일/u), 'sori@example.com');
    await user.type(screen.getByLabelText(/^이름/u), '김소리');
    await user.type(screen.getByLabelText(/^휴대전화 번호/u), '010-1234-5678');
    await user.click(screen.getByRole('button', { name: '가입하기' }));
    expect(screen.getByRole('alert')).toHaveTextContent('비밀번호는 최소 6자 이상이어야 합니다.');
    expect(rules()).toEqual(['6자 이상 (미충족)', '비밀번호 확인과 일치 (미충족)']);
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('should mark the fields a sign-up error is about (aria-invalid and the red outline), in the rules’ order', async () => {
    const user = userEvent.setup();
    await renderModals();
    await user.click(screen.getByText('open signup'));
    await screen.findByRole('dialog');
    const submit = () => user.click(screen.getByRole('button', { name: '가입하기' }));
    const email = screen.getByLabelText(/^이메일/u);
    const password = screen.getByLabelText(/^비밀번호 \*/u);
    const confirm = screen.getByLabelText(/^비밀번호 확인/u);
    const phone = screen.getByLabelText(/^휴대전화 번호/u);
    const invalid = () =>
      [email, password, confirm, screen.getByLabelText(/^이름/u), phone]
        .filter((input) => input.getAttribute('aria-invalid') === 'true' && input.classList.contains('is-invalid'))
        .map((input) => input.getAttribute('name'));
    await user.type(email, 'sori@example.com');
    await submit();
    expect(invalid()).toEqual(['password', 'name', 'phone']);
    expect(password).toHaveFocus();
    await user.type(password, '123456');
    await user.type(screen.getByLabelText(/^이름/u), '김소리');
    await user.type(phone, '010-1234-5678');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('비밀번호가 일치하지 않습니다.');
    expect(invalid()).toEqual(['confirmPassword']);
    expect(confirm.getAttribute('aria-describedby')).toBe('signup-error');
    await user.type(confirm, '123456');
    await user.clear(phone);
    await user.type(phone, 'call me');
    await submit();
    expect(invalid()).toEqual(['phone']);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('should refuse a phone number too short to be one before calling the server, and mark the field', async () => {
    const user = userEvent.setup();
    await renderModals();
    await user.click(screen.getByText('open signup'));
    await screen.findByRole('dialog');
    await user.type(screen.getByLabelText(/^이메일/u), 'sori@example.com');
    await user.type(screen.getByLabelText(/^비밀번호 \*/u), '123456');
    await user.type(screen.getByLabelText(/^비밀번호 확인/u), '123456');
    await user.type(screen.getByLabelText(/^이름/u), '김소리');
    const phone = screen.getByLabelText(/^휴대전화 번호/u);
    await user.type(phone, '12');
    await user.click(screen.getByLabelText(/전체 동의/u));
    await user.click(screen.getByRole('button', { name: '가입하기' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      '올바른 휴대전화 번호를 입력해주세요. 해외 번호는 국가번호부터 입력해주세요(예: +81 90-1234-5678).',
    );
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('should say that the sign-up succeeded', async () => {
    const user = userEvent.setup();
    const shown: string[] = [];
    const stop = notices.subscribe(() => shown.splice(0, shown.length, ...notices.getSnapshot().map((n) => n.text)));
    fetchMock.mockResolvedValueOnce(json(201, { body: { user: USER } }));
    fetchMock.mockResolvedValueOnce(json(200, { body: { token: 't', user: USER } }));
    await renderModals();
    await user.click(screen.getByText('open signup'));
    await screen.findByRole('dialog');
    await user.type(screen.getByLabelText(/^이메일/u), 'sori@example.com');
    await user.type(screen.getByLabelText(/^비밀번호 \*/u), '123456');
    await user.type(screen.getByLabelText(/^비밀번호 확인/u), '123456');
    await user.type(screen.getByLabelText(/^이름/u), '김소리');
    await user.type(screen.getByLabelText(/^휴대전화 번호/u), '010-1234-5678');
    // The two documents' links are told apart by name, and say they open a new tab.
    expect(screen.getByRole('link', { name: '이용약관 전문 보기(새 창)' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: '개인정보처리방침 전문 보기(새 창)' })).toHaveAttribute('href', '/privacy');
    // Without the required consents, the form says so and sends nothing.
    await user.click(screen.getByRole('button', { name: '가입하기' }));
    expect((await screen.findByTestId('auth-error')).textContent).toBe(
      '만 14세 이상인지 확인하고 서비스 이용약관에 동의해주세요. 만 14세 미만은 가입할 수 없습니다.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
    // …beside the box as well, which is focused, marked invalid and described by it (the top may be out of view).
    const terms = screen.getByRole('checkbox', { name: /서비스 이용약관/u });
    expect(terms).toHaveFocus();
    expect(terms).toHaveAttribute('aria-invalid', 'true');
    expect(terms).toHaveAccessibleDescription(
      '만 14세 이상인지 확인하고 서비스 이용약관에 동의해주세요. 만 14세 미만은 가입할 수 없습니다.',
    );
    await user.click(terms);
    // Ticked, the box is no longer marked and the message is gone.
    expect(terms).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('auth-error')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '가입하기' }));
    const privacy = screen.getByRole('checkbox', { name: /개인정보/u });
    expect(privacy).toHaveFocus();
    expect(privacy).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('consent-error')).toHaveTextContent('개인정보 수집 및 이용에 동의해주세요.');
    expect(screen.getByRole('checkbox', { name: /서비스 이용약관/u })).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByLabelText(/전체 동의/u));
    await user.click(screen.getByRole('button', { name: '가입하기' }));
    await waitFor(() => expect(shown).toContain('소리님, 가입을 환영합니다! 로그인되었습니다.'));
    const sent = JSON.parse(String((fetchMock.mock.calls[0]![1] as RequestInit).body));
    expect(sent).toMatchObject({ agreeTerms: true, agreePrivacy: true, agreeMarketing: true });
    stop();
  });
});
