import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query-client';
import { createTestI18n } from '../../test/i18n';
import { AuthModalContext } from './auth-modal-state';
import ResetPasswordPage from './ResetPasswordPage';
import { sessionStore } from './session';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const openForgot = vi.fn();

/** The reset screen at `address`, its calls answered by `answer` (method and path). */
async function renderReset(answer: (method: string, path: string) => Response | Promise<Response>, address = '/reset-password?token=abc') {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://sori.test');
    return answer(init?.method ?? 'GET', `${url.pathname}${url.search}`);
  });
  configureApiClient({ fetch: fetchMock, getToken: () => null, onUnauthorized: () => undefined });
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
    openForgot,
    close: vi.fn(),
  };
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <AuthModalContext.Provider value={modal}>
          <MemoryRouter initialEntries={[address]}>
            <Routes>
              <Route path="/reset-password" element={<ResetPasswordPage />} />
              <Route path="/" element={<h1>홈</h1>} />
            </Routes>
          </MemoryRouter>
        </AuthModalContext.Provider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return fetchMock;
}

const EXPIRED = '이 비밀번호 재설정 링크는 만료되었거나 이미 사용되었습니다. 비밀번호 찾기를 다시 요청해 새 링크를 받아주세요.';
const usable = (value: boolean) => json(200, { body: { usable: value } });

describe('the password reset screen', () => {
  afterEach(() => {
    openForgot.mockReset();
    sessionStore.clear();
  });

  it('says at once that a used or expired link cannot be used, with the way to ask again, and no form', async () => {
    const user = userEvent.setup();
    const fetchMock = await renderReset((method, path) =>
      method === 'GET' && path === '/api/resetpw?token=abc' ? usable(false) : json(500, {}),
    );
    expect(await screen.findByTestId('reset-expired')).toHaveTextContent(EXPIRED);
    expect(screen.queryByLabelText('새 비밀번호')).not.toBeInTheDocument();
    expect(screen.queryByTestId('reset-form')).not.toBeInTheDocument();
    const again = screen.getByRole('button', { name: '비밀번호 찾기 다시 요청' });
    // A screen reader says why with the button.
    expect(again).toHaveAccessibleDescription(EXPIRED);
    await user.click(again);
    expect(openForgot).toHaveBeenCalledTimes(1);
    // Checked, not used: nothing was sent to set a password.
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('checks the link before showing the form, then marks and focuses the field at fault, asking again only for the link', async () => {
    const user = userEvent.setup();
    let answerCheck: (response: Response) => void = () => undefined;
    await renderReset((method) => (method === 'GET' ? new Promise<Response>((resolve) => (answerCheck = resolve)) : json(500, {})));
    expect(await screen.findByTestId('reset-checking')).toHaveTextContent('재설정 링크를 확인하는 중...');
    expect(screen.queryByLabelText('새 비밀번호')).not.toBeInTheDocument();
    answerCheck(usable(true));
    const password = await screen.findByLabelText('새 비밀번호');
    const confirm = screen.getByLabelText('새 비밀번호 확인');
    await waitFor(() => expect(password).toHaveFocus());
    const submit = screen.getByRole('button', { name: '비밀번호 변경하고 로그인' });

    await user.type(password, '123');
    await user.type(confirm, '123');
    await user.click(submit);
    expect(screen.getByTestId('reset-error')).toHaveTextContent('비밀번호는 최소 6자 이상이어야 합니다.');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).not.toHaveAttribute('aria-invalid');
    expect(password).toHaveFocus();
    // Not the link's fault: no "ask again" beside the error.
    expect(screen.queryByRole('button', { name: '비밀번호 찾기 다시 요청' })).not.toBeInTheDocument();

    await user.type(password, '456');
    await user.click(submit);
    expect(screen.getByTestId('reset-error')).toHaveTextContent('비밀번호가 일치하지 않습니다.');
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveClass('is-invalid');
    expect(confirm).toHaveAccessibleDescription('비밀번호가 일치하지 않습니다.');
    expect(password).not.toHaveAttribute('aria-invalid');
    expect(confirm).toHaveFocus();
    expect(screen.queryByRole('button', { name: '비밀번호 찾기 다시 요청' })).not.toBeInTheDocument();
  });

  it('gives way to "ask again", focused, when the link ran out while the password was typed', async () => {
    const user = userEvent.setup();
    await renderReset((method) =>
      method === 'GET'
        ? usable(true)
        : json(400, { code: 'RESET_TOKEN_INVALID', message: '비밀번호 재설정 링크가 유효하지 않거나 만료되었습니다.' }),
    );
    const password = await screen.findByLabelText('새 비밀번호');
    await user.type(password, 'brand-new-pass');
    await user.type(screen.getByLabelText('새 비밀번호 확인'), 'brand-new-pass{Enter}');
    expect(await screen.findByTestId('reset-expired')).toHaveTextContent(EXPIRED);
    expect(screen.queryByTestId('reset-form')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: '비밀번호 찾기 다시 요청' })).toHaveFocus());
  });

  it('shows the form when the link could not be checked, and keeps the focus on the button when sending fails', async () => {
    const user = userEvent.setup();
    await renderReset((method) =>
      method === 'GET'
        ? json(503, { code: 'SERVICE_UNAVAILABLE', message: '잠시 후 다시 시도해주세요.' })
        : json(503, { code: 'SERVICE_UNAVAILABLE', message: '잠시 후 다시 시도해주세요.' }),
    );
    const password = await screen.findByLabelText('새 비밀번호');
    await user.type(password, 'brand-new-pass');
    await user.type(screen.getByLabelText('새 비밀번호 확인'), 'brand-new-pass');
    const submit = screen.getByRole('button', { name: '비밀번호 변경하고 로그인' });
    await user.click(submit);
    expect(await screen.findByTestId('reset-error')).toHaveTextContent('잠시 후 다시 시도해주세요.');
    expect(screen.queryByRole('button', { name: '비밀번호 찾기 다시 요청' })).not.toBeInTheDocument();
    expect(submit).toHaveFocus();
    expect(submit).not.toBeDisabled();
  });
});
