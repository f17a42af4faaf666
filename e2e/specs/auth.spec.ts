import type { Page } from 'playwright-core';
import {
  BASE_URL,
  createAccount,
  eventually,
  expectEqual,
  expectTrue,
  open,
  seedStorage,
  signedInPage,
  storage,
  test,
  tr,
  uniqueEmail,
} from '../harness';

const modal = (page: Page) => page.locator('.modal.show');
const banner = (page: Page) => page.locator('[data-testid="auth-error"]');
const userLabel = (page: Page) => page.locator('[data-testid="user-menu-label"]');

async function openFromUserMenu(page: Page, item: 'open-login' | 'open-signup') {
  await page.click('[data-testid="user-menu"] > button');
  await page.click(`[data-testid="${item}"]`);
  await modal(page).waitFor({ state: 'visible' });
}

async function submit(page: Page) {
  await modal(page).locator('button[type="submit"]').click();
}

async function expectBanner(page: Page, text: string, what: string) {
  await eventually(() => banner(page).innerText().catch(() => ''), text, what);
}

test('signup shows every section 5 message in order, then signs the new member in', async ({ newPage }) => {
  const page = await newPage();
  await open(page, '/');
  await openFromUserMenu(page, 'open-signup');
  const field = (name: string) => modal(page).locator(`[name="${name}"]`);

  await submit(page);
  await expectBanner(page, '필수 항목을 모두 입력해주세요.', 'required fields');

  await field('email').fill('not-an-email');
  await field('password').fill('12345');
  await field('confirmPassword').fill('54321');
  await field('name').fill('김소리');
  await field('phone').fill('call me');
  await submit(page);
  await expectBanner(page, '비밀번호는 최소 6자 이상이어야 합니다.', 'password length');

  await field('password').fill('secret1');
  await submit(page);
  await expectBanner(page, '비밀번호가 일치하지 않습니다.', 'password mismatch');

  await field('confirmPassword').fill('secret1');
  await submit(page);
  await expectBanner(page, '올바른 이메일 형식을 입력해주세요.', 'email format');

  const email = uniqueEmail();
  await field('email').fill(email);
  await submit(page);
  await expectBanner(page, '올바른 전화번호 형식을 입력해주세요.', 'phone format');

  await field('phone').fill('010-1234-5678');
  await field('team').fill('소리 스튜디오');
  await submit(page);
  await modal(page).waitFor({ state: 'hidden' });
  const user = JSON.parse((await storage(page, 'USER_INFO')) ?? 'null') as { nick: string; email: string };
  expectEqual(user.email, email, 'stored user');
  expectTrue(await storage(page, 'ACCESS_TOKEN'), 'token stored');
  await eventually(() => userLabel(page).innerText(), tr('ko', 'user.greeting', { nick: user.nick }), 'greeting with nick');

  // The same e-mail again: the server's message is shown as it is.
  await page.click('[data-testid="user-menu"] > button');
  await page.click('[data-testid="logout"]');
  await openFromUserMenu(page, 'open-signup');
  await field('email').fill(email);
  await field('password').fill('secret1');
  await field('confirmPassword').fill('secret1');
  await field('name').fill('김소리');
  await field('phone').fill('010-1234-5678');
  await submit(page);
  await expectBanner(page, '이미 가입된 이메일입니다.', 'server message for a taken e-mail');
});

test('login: required message, server error, spinner with "로그인 중...", success, logout', async ({ newPage }) => {
  const account = await createAccount('로그인');
  const page = await newPage();
  await open(page, '/library');
  expectEqual(await userLabel(page).innerText(), tr('ko', 'user.account'), 'signed out label');
  await openFromUserMenu(page, 'open-login');
  expectEqual(await modal(page).locator('.modal-title').innerText(), tr('ko', 'auth.login.title'), 'login title');

  await submit(page);
  await expectBanner(page, '이메일과 비밀번호를 모두 입력해주세요.', 'login required fields');

  await modal(page).locator('[name="email"]').fill(account.email);
  await modal(page).locator('[name="password"]').fill('wrong-password');
  await submit(page);
  await expectBanner(page, '로그인에 실패했습니다. 이메일과 비밀번호를 확인해주세요.', 'invalid credentials');

  // Hold the answer so the submitting state can be seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/signin', async (route) => {
    await held;
    await route.continue();
  });
  await modal(page).locator('[name="password"]').fill(account.password);
  await submit(page);
  const button = modal(page).locator('button[type="submit"]');
  await eventually(() => button.innerText(), tr('ko', 'auth.login.submitting'), 'submitting text');
  expectTrue(await button.isDisabled(), 'button disabled while submitting');
  expectTrue(await button.locator('.spinner-border').isVisible(), 'spinner shown');
  release();

  await modal(page).waitFor({ state: 'hidden' });
  await eventually(() => userLabel(page).innerText(), tr('ko', 'user.greeting', { nick: account.user.nick }), 'greeting');
  expectTrue(await storage(page, 'ACCESS_TOKEN'), 'token stored');
  expectTrue(await storage(page, 'USER_INFO'), 'user info stored');
  const token = await storage(page, 'ACCESS_TOKEN');
  const meWithToken = async () => (await fetch(`${BASE_URL}/api/my/user`, { headers: { authorization: `Bearer ${token}` } })).status;
  expectEqual(await meWithToken(), 200, 'token good while signed in');

  // Reopening after success starts empty.
  await page.click('[data-testid="user-menu"] > button');
  await page.click('[data-testid="logout"]');
  await eventually(() => userLabel(page).innerText(), tr('ko', 'user.account'), 'signed out again');
  expectEqual(await storage(page, 'ACCESS_TOKEN'), null, 'token cleared');
  expectEqual(await storage(page, 'USER_INFO'), null, 'user cleared');
  // Sign-out ended the session on the server too: the old token no longer works anywhere.
  await eventually(meWithToken, 401, 'token revoked on the server');
  await openFromUserMenu(page, 'open-login');
  expectEqual(await modal(page).locator('[name="email"]').inputValue(), '', 'fields clear after success');
});

test('switching or closing the modals clears fields and the error', async ({ newPage }) => {
  const page = await newPage();
  await open(page, '/');
  await openFromUserMenu(page, 'open-login');
  await modal(page).locator('[name="email"]').fill('someone@example.com');
  await submit(page);
  await banner(page).waitFor();
  await modal(page).getByRole('button', { name: tr('ko', 'auth.login.toSignup') }).click();
  await eventually(() => modal(page).locator('.modal-title').innerText(), tr('ko', 'auth.signup.title'), 'switched to signup');
  expectEqual(await banner(page).count(), 0, 'no error after switching');
  expectEqual(await modal(page).locator('[name="email"]').inputValue(), '', 'signup starts empty');
  await modal(page).locator('[name="email"]').fill('x@example.com');
  await modal(page).getByRole('button', { name: tr('ko', 'auth.signup.toLogin') }).click();
  await eventually(() => modal(page).locator('.modal-title').innerText(), tr('ko', 'auth.login.title'), 'back to login');
  expectEqual(await modal(page).locator('[name="email"]').inputValue(), '', 'login starts empty again');
  await page.keyboard.press('Escape');
  await modal(page).waitFor({ state: 'hidden' });
});

test('the server answers in the UI language (English login error)', async ({ newPage }) => {
  const account = await createAccount();
  const page = await newPage({ locale: 'en-US' });
  await open(page, '/');
  await openFromUserMenu(page, 'open-login');
  await modal(page).locator('[name="email"]').fill(account.email);
  await modal(page).locator('[name="password"]').fill('wrong-password');
  await submit(page);
  await expectBanner(page, 'Sign-in failed. Please check your email and password.', 'English server message');
});

test('session restore: kept across reloads, refreshed from the server', async (ctx) => {
  const account = await createAccount('복원');
  const page = await signedInPage(ctx, account);
  await open(page, '/favorite');
  await eventually(() => userLabel(page).innerText(), tr('ko', 'user.greeting', { nick: account.user.nick }), 'restored');
  await page.reload();
  await page.locator('[data-testid="nav-home"]').waitFor();
  await eventually(() => userLabel(page).innerText(), tr('ko', 'user.greeting', { nick: account.user.nick }), 'after reload');
  expectEqual(await page.locator('[data-testid="login-required"]').count(), 0, 'personal page open');
});

test('session restore: user info without a token, or corrupt, is discarded', async ({ newPage }) => {
  const orphan = await newPage();
  await seedStorage(orphan, { USER_INFO: JSON.stringify({ id: 1, nick: '유령', level: 9 }) });
  await open(orphan, '/');
  expectEqual(await userLabel(orphan).innerText(), tr('ko', 'user.account'), 'not signed in without a token');
  expectEqual(await storage(orphan, 'USER_INFO'), null, 'orphan user info removed');

  const corrupt = await newPage();
  await seedStorage(corrupt, { ACCESS_TOKEN: 'some-token', USER_INFO: '{"nick": broken' });
  await open(corrupt, '/library');
  expectEqual(await userLabel(corrupt).innerText(), tr('ko', 'user.account'), 'corrupt value signs out');
  expectEqual(await storage(corrupt, 'ACCESS_TOKEN'), null, 'token discarded with the corrupt value');
  expectEqual(await storage(corrupt, 'USER_INFO'), null, 'corrupt value discarded');
});

test('a 401 clears the session everywhere, in every open tab', async (ctx) => {
  const bad = await ctx.newPage();
  await seedStorage(bad, {
    ACCESS_TOKEN: 'expired.or.forged.token',
    USER_INFO: JSON.stringify({ id: 5, email: 'x@example.com', nick: '만료', level: 1 }),
  });
  await open(bad, '/favorite');
  await eventually(() => storage(bad, 'ACCESS_TOKEN'), null, 'token cleared after 401');
  expectEqual(await storage(bad, 'USER_INFO'), null, 'user cleared after 401');
  await eventually(() => userLabel(bad).innerText(), tr('ko', 'user.account'), 'shown signed out');
  await bad.locator('[data-testid="login-required"]').waitFor();

  // Two tabs of one browser: signing out in one signs the other out too.
  const account = await createAccount();
  const first = await signedInPage(ctx, account);
  await open(first, '/library');
  const second = await first.context().newPage();
  await open(second, '/favorite');
  await eventually(() => userLabel(second).innerText(), tr('ko', 'user.greeting', { nick: account.user.nick }), 'tab 2 in');
  await first.click('[data-testid="user-menu"] > button');
  await first.click('[data-testid="logout"]');
  await eventually(() => userLabel(second).innerText(), tr('ko', 'user.account'), 'tab 2 signed out too');
});
