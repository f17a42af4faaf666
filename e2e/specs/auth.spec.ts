import type { Page } from '@playwright/test';
import { BASE_URL, createAccount, open, seedStorage, storage, tr, uniqueEmail, type Account } from '../app';
import { api, trackNamed } from '../data';
import { row, settledResults } from './ui';
import { expect, test } from '../test';

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
  await expect
    .poll(
      () =>
        banner(page)
          .innerText()
          .catch(() => ''),
      { message: what },
    )
    .toEqual(text);
}

test('signup shows every PRODUCT §5 message in order, then signs the new member in', async ({ newPage }) => {
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
  await expectBanner(
    page,
    '올바른 휴대전화 번호를 입력해주세요. 해외 번호는 국가번호부터 입력해주세요(예: +81 90-1234-5678).',
    'phone format',
  );

  await field('phone').fill('010-1234-5678');
  await field('team').fill('소리 스튜디오');
  // Then the required consents, as Korean services ask them.
  await submit(page);
  await expectBanner(page, '만 14세 이상인지 확인하고 서비스 이용약관에 동의해주세요. 만 14세 미만은 가입할 수 없습니다.', 'terms consent');
  await modal(page).getByLabel(tr('ko', 'auth.consent.terms')).check();
  await submit(page);
  await expectBanner(page, '개인정보 수집 및 이용에 동의해주세요.', 'privacy consent');
  await expect(modal(page).getByRole('row', { name: new RegExp(tr('ko', 'auth.consent.items'), 'u') })).toContainText('휴대전화 번호');
  await modal(page).getByLabel(tr('ko', 'auth.consent.privacy')).check();
  await submit(page);
  await modal(page).waitFor({ state: 'hidden' });
  const user = JSON.parse((await storage(page, 'USER_INFO')) ?? 'null') as { nick: string; email: string };
  expect(user.email, 'stored user').toEqual(email);
  expect(await storage(page, 'ACCESS_TOKEN'), 'token stored').toBeTruthy();
  await expect(userLabel(page), 'greeting with nick').toHaveText(tr('ko', 'user.greeting', { nick: user.nick }), { useInnerText: true });

  // The same e-mail again: the server's message is shown as it is.
  await page.click('[data-testid="user-menu"] > button');
  await page.click('[data-testid="logout"]');
  await openFromUserMenu(page, 'open-signup');
  await field('email').fill(email);
  await field('password').fill('secret1');
  await field('confirmPassword').fill('secret1');
  await field('name').fill('김소리');
  await field('phone').fill('010-1234-5678');
  await modal(page)
    .getByLabel(new RegExp(tr('ko', 'auth.consent.all'), 'u'))
    .check();
  await submit(page);
  await expectBanner(page, '이미 가입된 이메일입니다.', 'server message for a taken e-mail');
});

test('login: required message, server error, spinner with "로그인 중...", success, logout', async ({ newPage }) => {
  const account = await createAccount('로그인');
  const page = await newPage();
  await open(page, '/library');
  await expect(userLabel(page), 'signed out label').toHaveText(tr('ko', 'user.account'), { useInnerText: true });
  await openFromUserMenu(page, 'open-login');
  await expect(modal(page).locator('.modal-title'), 'login title').toHaveText(tr('ko', 'auth.login.title'), { useInnerText: true });

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
  await expect(button, 'submitting text').toHaveText(tr('ko', 'auth.login.submitting'), { useInnerText: true });
  // Busy rather than disabled, so that it keeps the focus.
  await expect(button, 'button busy while submitting').toHaveAttribute('aria-busy', 'true');
  await expect(button, 'a press does nothing meanwhile').toHaveAttribute('aria-disabled', 'true');
  await expect(button.locator('.spinner-border'), 'spinner shown').toBeVisible();
  release();

  await modal(page).waitFor({ state: 'hidden' });
  await expect(userLabel(page), 'greeting').toHaveText(tr('ko', 'user.greeting', { nick: account.user.nick }), { useInnerText: true });
  // Said, not only seen: a status message, which a screen reader reads out.
  await expect(
    page.getByRole('status').filter({ hasText: tr('ko', 'user.signedIn', { nick: account.user.nick }) }),
    'signed in, said',
  ).toHaveCount(1);
  expect(await storage(page, 'ACCESS_TOKEN'), 'token stored').toBeTruthy();
  expect(await storage(page, 'USER_INFO'), 'user info stored').toBeTruthy();
  const token = await storage(page, 'ACCESS_TOKEN');
  const meWithToken = async () => (await fetch(`${BASE_URL}/api/my/user`, { headers: { authorization: `Bearer ${token}` } })).status;
  expect(await meWithToken(), 'token good while signed in').toEqual(200);

  // Reopening after success starts empty.
  await page.click('[data-testid="user-menu"] > button');
  await page.click('[data-testid="logout"]');
  await expect(userLabel(page), 'signed out again').toHaveText(tr('ko', 'user.account'), { useInnerText: true });
  await expect(page.getByRole('status').filter({ hasText: tr('ko', 'user.signedOut') }), 'signed out, said').toHaveCount(1);
  expect(await storage(page, 'ACCESS_TOKEN'), 'token cleared').toEqual(null);
  expect(await storage(page, 'USER_INFO'), 'user cleared').toEqual(null);
  // Sign-out ended the session on the server too: the old token no longer works anywhere.
  await expect.poll(meWithToken, { message: 'token revoked on the server' }).toEqual(401);
  await openFromUserMenu(page, 'open-login');
  await expect(modal(page).locator('[name="email"]'), 'fields clear after success').toHaveValue('');
});

test('a form’s submit button keeps the focus while its request runs; a refused login gives it to the password, selected', async ({
  newPage,
}) => {
  const account = await createAccount('포커스');
  const page = await newPage();
  await open(page, '/');
  await openFromUserMenu(page, 'open-login');
  const button = modal(page).locator('button[type="submit"]');
  await modal(page).locator('[name="email"]').fill(account.email);
  await modal(page).locator('[name="password"]').fill('wrong-password');
  // Hold the answer: meanwhile the button is busy, keeps the focus, and a second Enter sends nothing more.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let sent = 0;
  await page.route('**/api/signin', async (route) => {
    sent += 1;
    await held;
    await route.continue();
  });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-busy', 'true');
  await expect(button, 'focus kept while signing in').toBeFocused();
  await page.keyboard.press('Enter');
  release();
  await expectBanner(page, '로그인에 실패했습니다. 이메일과 비밀번호를 확인해주세요.', 'invalid credentials');
  // The password is what to type again: focused, its text selected, so typing replaces it.
  const password = modal(page).locator('[name="password"]');
  await expect(password, 'focus on the password after a refused login').toBeFocused();
  expect(await password.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd])).toEqual([0, 'wrong-password'.length]);
  await expect(button).not.toHaveAttribute('aria-disabled', 'true');
  expect(sent, 'one request for two presses').toBe(1);

  // A sign-up refused for a reason no field holds (too many sign-ups from one address): the focus stays on the button.
  await modal(page)
    .getByRole('button', { name: tr('ko', 'auth.login.toSignup') })
    .click();
  await expect(modal(page).locator('.modal-title')).toHaveText(tr('ko', 'auth.signup.title'), { useInnerText: true });
  const field = (name: string) => modal(page).locator(`[name="${name}"]`);
  await field('email').fill(uniqueEmail());
  await field('password').fill('secret1');
  await field('confirmPassword').fill('secret1');
  await field('name').fill('김소리');
  await field('phone').fill('010-1234-5678');
  await modal(page)
    .getByLabel(new RegExp(tr('ko', 'auth.consent.all'), 'u'))
    .check();
  await page.route('**/api/signup', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'TOO_MANY_SIGNUPS', message: '가입 요청이 너무 많습니다. 잠시 후 다시 시도해주세요.' }),
    }),
  );
  const signupButton = modal(page).locator('button[type="submit"]');
  await signupButton.focus();
  await page.keyboard.press('Enter');
  await expectBanner(page, '가입 요청이 너무 많습니다. 잠시 후 다시 시도해주세요.', 'a refusal no field holds');
  await expect(signupButton, 'focus on the sign-up button after the failure').toBeFocused();
});

test('a login closed while a field inside ends a transition leaves the page, not an invisible dialog over it', async ({ newPage }) => {
  // The fade's own end never comes here (a transition of nothing that changes, 2 s long), as when a busy
  // machine interrupts it; fields inside end theirs meanwhile, and their events bubble up to the dialog.
  // react-bootstrap's fallback took those for the dialog's own and gave up: the dialog stayed, taking every click.
  const page = await newPage();
  await open(page, '/plan');
  await page.addStyleTag({ content: '.sori-auth-modal.fade { transition: visibility 2s linear !important; }' });
  await page.click('[data-testid="subscribe-premium"]');
  await modal(page).waitFor();
  const field = await modal(page).locator('[name="email"]').elementHandle();
  await page.keyboard.press('Escape');
  await field!.evaluate(async (input) => {
    for (let i = 0; i < 20; i++) {
      input.dispatchEvent(new Event('transitionend', { bubbles: true }));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  await expect(page.locator('.sori-auth-modal'), 'the dialog leaves once its time has passed').toHaveCount(0, { timeout: 10_000 });
  await page.locator('[data-testid="subscribe-free"]').click();
  await expect(modal(page).locator('.modal-title'), 'the page takes clicks again').toHaveText(tr('ko', 'auth.signup.title'), {
    useInnerText: true,
  });
});

test('switching or closing the modals clears fields and the error', async ({ newPage }) => {
  const page = await newPage();
  await open(page, '/');
  await openFromUserMenu(page, 'open-login');
  await modal(page).locator('[name="email"]').fill('someone@example.com');
  await submit(page);
  await banner(page).waitFor();
  await modal(page)
    .getByRole('button', { name: tr('ko', 'auth.login.toSignup') })
    .click();
  await expect(modal(page).locator('.modal-title'), 'switched to signup').toHaveText(tr('ko', 'auth.signup.title'), { useInnerText: true });
  await expect(banner(page), 'no error after switching').toHaveCount(0);
  await expect(modal(page).locator('[name="email"]'), 'signup starts empty').toHaveValue('');
  await modal(page).locator('[name="email"]').fill('x@example.com');
  await modal(page)
    .getByRole('button', { name: tr('ko', 'auth.signup.toLogin') })
    .click();
  await expect(modal(page).locator('.modal-title'), 'back to login').toHaveText(tr('ko', 'auth.login.title'), { useInnerText: true });
  await expect(modal(page).locator('[name="email"]'), 'login starts empty again').toHaveValue('');
  await page.keyboard.press('Escape');
  await modal(page).waitFor({ state: 'hidden' });
});

test('switching between the sign-in modals puts the focus on the first field; closing gives it back to what opened them', async ({
  newPage,
}) => {
  const page = await newPage();
  await open(page, '/');
  const accountMenu = page.locator('[data-testid="user-menu"] > button');
  const dialog = (title: string) => page.getByRole('dialog', { name: title });
  const email = (title: string) => dialog(title).getByRole('textbox', { name: tr('ko', 'auth.fields.email') });
  await openFromUserMenu(page, 'open-login');
  await expect(email(tr('ko', 'auth.login.title')), 'login').toBeFocused();
  await dialog(tr('ko', 'auth.login.title')).getByTestId('open-forgot').click();
  await expect(email(tr('ko', 'auth.forgot.title')), 'login → forgot').toBeFocused();
  await dialog(tr('ko', 'auth.forgot.title'))
    .getByRole('button', { name: tr('ko', 'auth.forgot.back') })
    .click();
  await expect(email(tr('ko', 'auth.login.title')), 'forgot → login').toBeFocused();
  await dialog(tr('ko', 'auth.login.title'))
    .getByRole('button', { name: tr('ko', 'auth.login.toSignup') })
    .click();
  await expect(email(tr('ko', 'auth.signup.title')), 'login → sign-up').toBeFocused();
  await dialog(tr('ko', 'auth.signup.title'))
    .getByRole('button', { name: tr('ko', 'auth.signup.toLogin') })
    .click();
  await expect(email(tr('ko', 'auth.login.title')), 'sign-up → login').toBeFocused();
  // A moment later it is still there: the dialog that left takes nothing back.
  await page.waitForTimeout(600);
  await expect(email(tr('ko', 'auth.login.title')), 'still on the field once the other dialog has gone').toBeFocused();
  await page.keyboard.press('Escape');
  await expect(modal(page)).toHaveCount(0);
  await expect(accountMenu, 'back on the account menu after Escape').toBeFocused();

  // Sent, the forgot dialog's field gives way to its message and "확인", which takes the focus; "확인" closes it.
  await openFromUserMenu(page, 'open-login');
  await dialog(tr('ko', 'auth.login.title')).getByTestId('open-forgot').click();
  await email(tr('ko', 'auth.forgot.title')).fill(uniqueEmail());
  await email(tr('ko', 'auth.forgot.title')).press('Enter');
  await expect(page.getByTestId('forgot-sent')).toBeVisible();
  const ok = dialog(tr('ko', 'auth.forgot.title')).getByTestId('forgot-done');
  await expect(ok, '확인 focused once sent').toBeFocused();
  await expect(ok).toHaveAccessibleDescription(tr('ko', 'auth.forgot.sent'));
  await page.keyboard.press('Enter');
  await expect(modal(page)).toHaveCount(0);
  await expect(accountMenu, 'back on the account menu after 확인').toBeFocused();

  // On a phone the account menu is folded away with the menu: closing gives the focus to the menu's button.
  const phone = await newPage({ viewport: { width: 360, height: 740 } });
  await open(phone, '/');
  await phone.getByTestId('nav-toggle').click();
  await openFromUserMenu(phone, 'open-login');
  await expect(phone.getByTestId('nav-toggle')).toHaveAttribute('aria-expanded', 'false');
  await phone.keyboard.press('Escape');
  await expect(modal(phone)).toHaveCount(0);
  await expect(phone.getByTestId('nav-toggle'), 'on the ☰ button after Escape').toBeFocused();
});

test('the server answers in the UI language (English login error)', async ({ newPage }) => {
  const account = await createAccount();
  const page = await newPage({ locale: 'en-US' });
  await open(page, '/');
  await openFromUserMenu(page, 'open-login');
  await modal(page).locator('[name="email"]').fill(account.email);
  await modal(page).locator('[name="password"]').fill('wrong-password');
  await submit(page);
  await expectBanner(page, 'Login failed. Please check your email and password.', 'English server message');
});

test('session restore: kept across reloads, refreshed from the server', async ({ signedInPage }) => {
  const account = await createAccount('복원');
  const page = await signedInPage(account);
  await open(page, '/favorite');
  await expect(userLabel(page), 'restored').toHaveText(tr('ko', 'user.greeting', { nick: account.user.nick }), { useInnerText: true });
  await page.reload();
  await page.locator('[data-testid="nav-home"]').waitFor();
  await expect(userLabel(page), 'after reload').toHaveText(tr('ko', 'user.greeting', { nick: account.user.nick }), { useInnerText: true });
  await expect(page.locator('[data-testid="login-required"]'), 'personal page open').toHaveCount(0);
});

test('session restore: user info without a token, or corrupt, is discarded', async ({ newPage }) => {
  const orphan = await newPage();
  await seedStorage(orphan, { USER_INFO: JSON.stringify({ id: 1, nick: '유령', level: 9 }) });
  await open(orphan, '/');
  await expect(userLabel(orphan), 'not signed in without a token').toHaveText(tr('ko', 'user.account'), { useInnerText: true });
  expect(await storage(orphan, 'USER_INFO'), 'orphan user info removed').toEqual(null);

  const corrupt = await newPage();
  await seedStorage(corrupt, { ACCESS_TOKEN: 'some-token', USER_INFO: '{"nick": broken' });
  await open(corrupt, '/library');
  await expect(userLabel(corrupt), 'corrupt value signs out').toHaveText(tr('ko', 'user.account'), { useInnerText: true });
  expect(await storage(corrupt, 'ACCESS_TOKEN'), 'token discarded with the corrupt value').toEqual(null);
  expect(await storage(corrupt, 'USER_INFO'), 'corrupt value discarded').toEqual(null);
});

test('a 401 clears the session everywhere, in every open tab', async ({ newPage, signedInPage }) => {
  const bad = await newPage();
  await seedStorage(bad, {
    ACCESS_TOKEN: 'expired.or.forged.token',
    USER_INFO: JSON.stringify({ id: 5, email: 'x@example.com', nick: '만료', level: 1 }),
  });
  await open(bad, '/favorite');
  await expect.poll(() => storage(bad, 'ACCESS_TOKEN'), { message: 'token cleared after 401' }).toEqual(null);
  expect(await storage(bad, 'USER_INFO'), 'user cleared after 401').toEqual(null);
  await expect(userLabel(bad), 'shown signed out').toHaveText(tr('ko', 'user.account'), { useInnerText: true });
  await bad.locator('[data-testid="login-required"]').waitFor();

  // Two tabs of one browser: signing out in one signs the other out too.
  const account = await createAccount();
  const first = await signedInPage(account);
  await open(first, '/library');
  const second = await first.context().newPage();
  await open(second, '/favorite');
  await expect(userLabel(second), 'tab 2 in').toHaveText(tr('ko', 'user.greeting', { nick: account.user.nick }), { useInnerText: true });
  await first.click('[data-testid="user-menu"] > button');
  await first.click('[data-testid="logout"]');
  await expect(userLabel(second), 'tab 2 signed out too').toHaveText(tr('ko', 'user.account'), { useInnerText: true });
});

test('signing up from the home page, or in from a sign-in prompt, leaves the focus on the account menu', async ({ newPage }) => {
  const page = await newPage();
  await open(page, '/');
  const accountButton = page.locator('[data-testid="user-menu"] > button');
  // The home page's "start free" button opens the form and is gone once signed up.
  await page.getByRole('button', { name: tr('ko', 'home.ctaSignup') }).focus();
  await page.keyboard.press('Enter');
  await modal(page).waitFor({ state: 'visible' });
  const field = (name: string) => modal(page).locator(`[name="${name}"]`);
  await field('email').fill(uniqueEmail());
  await field('password').fill('secret1');
  await field('confirmPassword').fill('secret1');
  await field('name').fill('포커스');
  await field('phone').fill('010-1234-5678');
  await modal(page).getByLabel(tr('ko', 'auth.consent.terms')).check();
  await modal(page).getByLabel(tr('ko', 'auth.consent.privacy')).check();
  await modal(page).locator('button[type="submit"]').focus();
  await page.keyboard.press('Enter');
  await modal(page).waitFor({ state: 'hidden' });
  await expect(userLabel(page)).toHaveText(tr('ko', 'user.greeting', { nick: '포커스' }), { useInnerText: true });
  await expect(accountButton, 'focus on the account menu after signing up').toBeFocused();

  // The favourites' sign-in prompt goes away once signed in, too.
  const account = await createAccount('프롬프트');
  await accountButton.click();
  await page.click('[data-testid="logout"]');
  await open(page, '/favorite');
  await page
    .getByTestId('login-required')
    .getByRole('button', { name: tr('ko', 'user.login') })
    .focus();
  await page.keyboard.press('Enter');
  await modal(page).waitFor({ state: 'visible' });
  await field('email').fill(account.email);
  await field('password').fill(account.password);
  await field('password').press('Enter');
  await modal(page).waitFor({ state: 'hidden' });
  await expect(page.getByTestId('login-required')).toHaveCount(0);
  await expect(accountButton, 'focus on the account menu after signing in').toBeFocused();
});

/** Signs in through the login dialog on screen, and waits for that dialog (not one the sign-in resumes) to close. */
async function signInThere(page: Page, who: Account) {
  await modal(page).waitFor({ state: 'visible' });
  await modal(page).locator('[name="email"]').fill(who.email);
  await modal(page).locator('[name="password"]').fill(who.password);
  await modal(page).locator('[name="password"]').press('Enter');
  await page.locator('.sori-auth-modal.show').waitFor({ state: 'hidden' });
}

test('signed out, a like pressed is made once signed in, and never undone', async ({ newPage }) => {
  const track = await trackNamed('Golden Dreams 122');
  const account = await createAccount('로그인 후 좋아요');
  const likedIds = async () =>
    (await api<{ content: { id: number }[] }>('/musics?tempPlayListId=0', { token: account.token })).content.map((m) => m.id);

  // A row's like: signed in, the track is liked, and the focus is back on its heart.
  const library = await newPage();
  await library.goto(`/library?q=${encodeURIComponent('Golden Dreams')}`);
  await settledResults(library);
  const heart = row(library, track.title).locator('[data-testid="row-like"]');
  await heart.click();
  await signInThere(library, account);
  await expect(heart, 'liked once signed in').toHaveAttribute('aria-pressed', 'true');
  await expect(heart).toBeFocused();
  await expect.poll(likedIds, { message: 'the like is saved' }).toEqual([track.id]);

  // Pressed on a track the member had already liked, the like stays: it is made, not toggled.
  const trackPage = await newPage();
  await open(trackPage, `/track/${track.id}`);
  await trackPage.getByTestId('track-like').click();
  const made = trackPage.waitForRequest((request) => /\/api\/my\/(un)?like$/u.test(new URL(request.url()).pathname));
  await signInThere(trackPage, account);
  expect(new URL((await made).url()).pathname, 'a like, not an unlike').toBe('/api/my/like');
  await expect(trackPage.getByTestId('track-like')).toHaveAttribute('aria-pressed', 'true');
  expect(await likedIds()).toEqual([track.id]);
});

test('signed out, "add to playlist" and "new playlist" open their dialogs once signed in; a login closed leaves nothing waiting', async ({
  newPage,
}) => {
  const track = await trackNamed('Golden Dreams 122');
  const account = await createAccount('로그인 후 담기');

  // Adding to a playlist from the track page: signed in, the playlist chooser opens.
  const adding = await newPage();
  await open(adding, `/track/${track.id}`);
  await adding.getByTestId('track-add').click();
  await signInThere(adding, account);
  await expect(adding.getByTestId('choose-playlist-modal'), 'the chooser, once signed in').toBeVisible();

  // The sidebar's new playlist: signed in, the form to name it opens.
  const sidebar = await newPage();
  await open(sidebar, '/library');
  await sidebar.getByTestId('side-new-playlist').click();
  await signInThere(sidebar, account);
  await expect(sidebar.getByTestId('new-playlist-modal'), 'the new playlist form, once signed in').toBeVisible();

  // Closed without signing in, nothing waits: a later sign-in from the header opens no chooser.
  const closed = await newPage();
  await open(closed, `/track/${track.id}`);
  await closed.getByTestId('track-add').click();
  // Closed once it is open, its e-mail field focused (as a reader would).
  await expect(modal(closed).locator('[name="email"]')).toBeFocused();
  await closed.keyboard.press('Escape');
  await modal(closed).waitFor({ state: 'hidden' });
  await openFromUserMenu(closed, 'open-login');
  await signInThere(closed, account);
  await expect(closed.locator('[data-testid="user-menu"] > button')).toBeFocused();
  await expect(closed.getByTestId('choose-playlist-modal')).toHaveCount(0);
});

test('signed out, a plan chosen is chosen again once signed in, as the member’s screen draws it', async ({ newPage }) => {
  const account = await createAccount('로그인 후 요금제');
  const plans = await newPage();
  await open(plans, '/plan');
  await plans.getByTestId('subscribe-premium').click();
  await signInThere(plans, account);
  await expect(plans.getByTestId('payment-notice'), 'the premium plan asked for, once signed in').toBeVisible();
  await expect(plans.getByTestId('payment-notice')).toContainText(tr('ko', 'plan.premium.name'));
});

test('the privacy summary in the sign-up dialog fits a 360 px phone in Korean, English and Japanese', async ({ themedPage }) => {
  for (const lang of ['ko', 'en', 'ja'] as const) {
    const page = await themedPage(lang, 'light');
    await page.setViewportSize({ width: 360, height: 740 });
    await open(page, '/');
    await page.getByRole('button', { name: tr(lang, 'home.ctaSignup') }).click();
    await expect(modal(page).locator('.modal-title')).toHaveText(tr(lang, 'auth.signup.title'), { useInnerText: true });
    const layout = await page.evaluate(() => {
      const dialog = document.querySelector('.modal.show')!;
      const summary = dialog.querySelector('#signup-privacy-summary')!;
      const inner = summary.getBoundingClientRect().width - 2 * parseFloat(getComputedStyle(summary).paddingLeft);
      return {
        contentRight: dialog.querySelector('.modal-content')!.getBoundingClientRect().right,
        summaryRight: summary.getBoundingClientRect().right,
        tableRight: summary.querySelector('table')!.getBoundingClientRect().right,
        dialogOverflow: dialog.scrollWidth - dialog.clientWidth,
        // How much of the summary's width each value gets, and whether any of its text sticks out.
        values: [...summary.querySelectorAll('td')].map((td) => ({
          share: td.getBoundingClientRect().width / inner,
          overflow: td.scrollWidth - td.clientWidth,
        })),
      };
    });
    expect(layout.tableRight, `${lang}: table inside its box`).toBeLessThanOrEqual(layout.summaryRight);
    expect(layout.summaryRight, `${lang}: box inside the dialog`).toBeLessThanOrEqual(layout.contentRight);
    expect(layout.dialogOverflow, `${lang}: no sideways scrolling`).toBeLessThanOrEqual(0);
    for (const value of layout.values) {
      expect(value.overflow, `${lang}: no value runs out of its cell`).toBeLessThanOrEqual(0);
      expect(value.share, `${lang}: a value gets the summary's width, not one word a line`).toBeGreaterThan(0.9);
    }
    await page.close();
  }
});
