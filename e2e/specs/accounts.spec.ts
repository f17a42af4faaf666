import type { Page } from '@playwright/test';
import { accountDate, type AccountData, type Channel } from '@sori/contract';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BASE_URL, createAccount, open, tr, type Account, type Lang } from '../app';
import { seriousViolations, THEMES } from '../axe';
import { api, setPlan, trackNamed } from '../data';
import { nextMail } from '../mail';
import { expect, test } from '../test';

const LANGS: Lang[] = ['ko', 'en', 'ja'];
const UC = (c: string) => `UC${c.repeat(22)}`;
const userLabel = (page: Page) => page.locator('[data-testid="user-menu-label"]');

async function signIn(email: string, password: string, userAgent?: string): Promise<Response> {
  return fetch(`${BASE_URL}/api/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(userAgent ? { 'User-Agent': userAgent } : {}) },
    body: JSON.stringify({ email, password }),
  });
}

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; SM-S918N) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36';

const session = (account: Account, token = account.token) => ({ ACCESS_TOKEN: token, USER_INFO: JSON.stringify(account.user) });

test('forgot password: the login modal sends a real e-mail, its link opens the reset screen, the new password signs in', async ({
  newPage,
}) => {
  const account = await createAccount('재설정');
  const page = await newPage();
  await open(page, '/');
  await page.click('[data-testid="user-menu"] > button');
  await page.click('[data-testid="open-login"]');
  await page.getByTestId('open-forgot').click();
  await expect(page.getByRole('heading', { name: tr('ko', 'auth.forgot.title') })).toBeVisible();
  // In the forgot dialog: the login modal may still be leaving, with its own e-mail field.
  await page
    .getByRole('dialog', { name: tr('ko', 'auth.forgot.title') })
    .getByLabel(tr('ko', 'auth.fields.email'))
    .fill(account.email);
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByTestId('forgot-sent')).toHaveText(tr('ko', 'auth.forgot.sent'));

  const mail = await nextMail(account.email);
  expect(mail.subject).toBe('[소리] 비밀번호 재설정 안내');
  const link = /https?:\/\/\S+\/reset-password\?token=\S+/u.exec(mail.text ?? '')![0];
  expect(link.startsWith(BASE_URL)).toBe(true);

  const reset = await newPage();
  await open(reset, link.slice(BASE_URL.length));
  await expect(reset.getByRole('heading', { level: 1 })).toHaveText(tr('ko', 'reset.title'));
  await reset.getByLabel(tr('ko', 'account.password.new'), { exact: true }).fill('short');
  await reset.getByLabel(tr('ko', 'account.password.confirm')).fill('short');
  await reset.getByTestId('reset-submit').click();
  await expect(reset.getByTestId('reset-error')).toContainText('비밀번호는 최소 6자 이상이어야 합니다.');
  // Not the link's fault: no "ask again" beside it. A mismatch is the confirmation's fault, which takes the focus.
  await expect(reset.getByTestId('reset-again')).toHaveCount(0);
  await reset.getByLabel(tr('ko', 'account.password.new'), { exact: true }).fill('brand-new-pass');
  await reset.getByTestId('reset-submit').click();
  await expect(reset.getByTestId('reset-error')).toContainText('비밀번호가 일치하지 않습니다.');
  const confirm = reset.getByLabel(tr('ko', 'account.password.confirm'));
  await expect(confirm, 'the confirmation focused').toBeFocused();
  await expect(confirm).toHaveAttribute('aria-invalid', 'true');
  await expect(reset.getByTestId('reset-again')).toHaveCount(0);
  await confirm.fill('brand-new-pass');
  await reset.getByTestId('reset-submit').click();
  await expect(reset).toHaveURL(`${BASE_URL}/`);
  await expect(userLabel(reset), 'signed in').toHaveText(tr('ko', 'user.greeting', { nick: account.user.nick }), { useInnerText: true });
  expect((await signIn(account.email, account.password)).status).toBe(401);
  expect((await signIn(account.email, 'brand-new-pass')).status).toBe(200);
  // The link works once: opened again, it says so at once, before any password is typed, with the way to a new one.
  const again = await newPage();
  await open(again, link.slice(BASE_URL.length));
  await expect(again.getByTestId('reset-expired')).toContainText(tr('ko', 'reset.expired'));
  await expect(again.getByLabel(tr('ko', 'account.password.new'), { exact: true })).toHaveCount(0);
  const askAgain = again.getByTestId('reset-again');
  await askAgain.focus();
  await again.keyboard.press('Enter');
  const forgot = again.getByRole('dialog', { name: tr('ko', 'auth.forgot.title') });
  await expect(forgot.getByLabel(tr('ko', 'auth.fields.email'))).toBeFocused();
  await again.keyboard.press('Escape');
  await expect(forgot).toHaveCount(0);
  await expect(askAgain, 'back on "ask again" once the dialog is closed').toBeFocused();
});

test('account page: reached from the user menu; changing the password signs the other sessions out; consents show their dates and marketing can be withdrawn; the member downloads their data', async ({
  signedInPage,
  newPage,
}) => {
  const account = await createAccount('계정');
  const elsewhere = ((await (await signIn(account.email, account.password)).json()) as { body: { token: string } }).body.token;
  const other = await signedInPage({ ...account, token: elsewhere });
  await open(other, '/library');
  await expect(userLabel(other)).toHaveText(tr('ko', 'user.greeting', { nick: account.user.nick }), { useInnerText: true });

  const page = await signedInPage(account);
  await open(page, '/');
  await page.click('[data-testid="user-menu"] > button');
  await page.click('[data-testid="open-account"]');
  await expect(page).toHaveURL(/\/account$/u);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ko', 'account.title'));
  await expect(page.getByTestId('account-plan-value')).toHaveText(tr('ko', 'account.plan.value', { plan: '무료', level: 1 }));
  // The free plan clears no channel: the section says so and leads to the plans, with no form that can only fail.
  const freeChannels = page.getByTestId('account-channels');
  await expect(freeChannels.getByTestId('channel-allowance')).toHaveText(tr('ko', 'account.channels.none'));
  await expect(freeChannels.getByTestId('channel-plans')).toHaveAttribute('href', '/plan');
  await expect(freeChannels.getByLabel(tr('ko', 'account.channels.label'))).toHaveCount(0);

  const consents = page.getByTestId('account-consents');
  await expect(consents.getByTestId('consent-terms')).toContainText('동의');
  await expect(consents.getByTestId('consent-marketing')).toContainText(tr('ko', 'account.consents.never'));
  const toggle = consents.getByLabel(tr('ko', 'account.consents.marketingToggle'));
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect(consents.getByTestId('consent-marketing')).toContainText('동의 (버전');
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(consents.getByTestId('consent-marketing')).toContainText('철회');
  // The result told as the Network Act asks: the sender, the day, what was done.
  await expect(
    page.getByRole('status').filter({ hasText: /수신 동의 철회가 처리되었습니다\. 전송자: \S.* · 처리 일자: \d{4}년/u }),
  ).toHaveCount(1);

  // Everything kept about the member, as one file: the consents just changed are in it, the password is not.
  const [dataFile] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByTestId('account-data')
      .getByRole('button', { name: tr('ko', 'account.data.save') })
      .click(),
  ]);
  expect(dataFile.suggestedFilename()).toMatch(/^sori-account-data-\d{4}-\d{2}-\d{2}\.json$/u);
  const data = JSON.parse(readFileSync((await dataFile.path())!, 'utf8')) as AccountData;
  expect(data.account.email).toBe(account.email);
  expect(data.consents.find((c) => c.kind === 'marketing')).toMatchObject({ agreed: false, withdrawnAt: expect.any(String) });
  expect(data.sessions.length, 'both devices').toBeGreaterThanOrEqual(2);
  expect(JSON.stringify(data)).not.toContain(account.password);
  await expect(
    page.getByTestId('notice').filter({ hasText: tr('ko', 'account.data.saved', { name: dataFile.suggestedFilename() }) }),
  ).toBeVisible();
  // The same as a document to read: opened in the browser, it says what it holds in Korean and passes axe.
  const [docFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('account-data-document').click()]);
  expect(docFile.suggestedFilename()).toMatch(/^sori-account-data-\d{4}-\d{2}-\d{2}\.html$/u);
  const docPath = path.join(mkdtempSync(path.join(tmpdir(), 'sori-doc-')), docFile.suggestedFilename());
  await docFile.saveAs(docPath);
  // The document's own policy allows no script; axe is let in past it.
  const reader = await newPage({ bypassCSP: true });
  await reader.goto(pathToFileURL(docPath).href);
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText(tr('ko', 'accountDoc.title'));
  await expect(reader.locator('dd').first()).toHaveText(account.email);
  await expect(reader.getByRole('heading', { level: 2, name: tr('ko', 'accountDoc.sessions') })).toBeVisible();
  expect(await seriousViolations(reader), 'the document passes axe').toEqual([]);
  await reader.close();

  const password = page.getByTestId('account-password');
  await password.getByLabel(tr('ko', 'account.password.current')).fill('wrong-one');
  await password.getByLabel(tr('ko', 'account.password.new'), { exact: true }).fill('second-pass');
  await password.getByLabel(tr('ko', 'account.password.confirm')).fill('second-pass');
  await password.getByTestId('password-submit').click();
  await expect(page.getByTestId('password-error')).toHaveText('현재 비밀번호가 올바르지 않습니다.');
  // The wrong field is marked, described by the error and focused, as sign-up does.
  const current = password.getByLabel(tr('ko', 'account.password.current'));
  await expect(current, 'the current password focused').toBeFocused();
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(current).toHaveClass(/is-invalid/u);
  await expect(current).toHaveAccessibleDescription('현재 비밀번호가 올바르지 않습니다.');
  await current.fill(account.password);
  await password.getByTestId('password-submit').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('password-done')).toHaveText(tr('ko', 'account.password.done'));
  await expect(current).not.toHaveAttribute('aria-invalid', 'true');
  await expect(password.getByTestId('password-submit'), 'focus kept on the button once changed').toBeFocused();
  // This device goes on; the other session is over.
  await page.reload();
  await expect(userLabel(page)).toHaveText(tr('ko', 'user.greeting', { nick: account.user.nick }), { useInnerText: true });
  await other.reload();
  await expect(userLabel(other), 'the other session signed out').toHaveText(tr('ko', 'user.account'), { useInnerText: true });
});

test('signed-in devices: another device is listed by its browser and signed out from here, which signs it out there', async ({
  signedInPage,
}) => {
  const account = await createAccount('기기');
  const phoneToken = ((await (await signIn(account.email, account.password, IPHONE)).json()) as { body: { token: string } }).body.token;
  const phone = await signedInPage({ ...account, token: phoneToken });
  await open(phone, '/library');
  await expect(userLabel(phone)).toHaveText(tr('ko', 'user.greeting', { nick: account.user.nick }), { useInnerText: true });

  const page = await signedInPage(account);
  await open(page, '/account');
  const devices = page.getByTestId('account-devices');
  await expect(devices.getByRole('heading', { name: tr('ko', 'account.devices.title') })).toBeVisible();
  // This browser first, marked; the phone by its browser and system.
  await expect(devices.getByTestId('device-item').first()).toContainText(tr('ko', 'account.devices.current'));
  const phoneItem = devices.getByTestId('device-item').filter({ hasText: 'Safari · iOS' });
  await expect(phoneItem).toContainText('휴대폰');
  const signOut = devices.getByRole('button', { name: tr('ko', 'account.devices.signOutLabel', { device: 'Safari · iOS (휴대폰)' }) });
  await signOut.focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByTestId('notice').filter({ hasText: tr('ko', 'account.devices.signedOut', { device: 'Safari · iOS (휴대폰)' }) }),
  ).toBeVisible();
  await expect(phoneItem).toHaveCount(0);
  await phone.reload();
  await expect(userLabel(phone), 'the phone signed out').toHaveText(tr('ko', 'user.account'), { useInnerText: true });
  // This device goes on.
  await page.reload();
  await expect(userLabel(page)).toHaveText(tr('ko', 'user.greeting', { nick: account.user.nick }), { useInnerText: true });

  // The mail on a sign-in from a new device: on, turned off from the keyboard, and still off on the next visit.
  const mailSwitch = devices.getByRole('switch', { name: tr('ko', 'account.devices.mailToggle') });
  await expect(mailSwitch).toBeChecked();
  await mailSwitch.focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('notice').filter({ hasText: tr('ko', 'account.devices.mailOff') })).toBeVisible();
  await page.reload();
  await expect(mailSwitch).not.toBeChecked();
});

test('channels: register within the plan, hit the limit and the conflict, remove; the verify page shows them; the account page passes axe in ko/en/ja and both themes', async ({
  signedInPage,
  themedPage,
}) => {
  test.setTimeout(300_000);
  const account = await createAccount('채널');
  const rival = await createAccount('경쟁');
  await setPlan(account, 'premium');
  await setPlan(rival, 'premium');
  const page = await signedInPage(account);
  await open(page, '/account');
  const channels = page.getByTestId('account-channels');
  await expect(channels.getByTestId('channel-allowance')).toHaveText(
    tr('ko', 'account.channels.allowance', { plan: '프리미엄', used: 0, limit: 1 }),
  );
  const field = channels.getByLabel(tr('ko', 'account.channels.label'));
  await field.fill(`https://www.youtube.com/channel/${UC('e')}?sub=1`);
  await channels.getByTestId('channel-add').click();
  await expect(channels.getByTestId('channel-item')).toHaveCount(1);
  await expect(channels.getByTestId('channel-item')).toContainText(UC('e'));
  // The allowance used, the form gives way to what can be done, before anything is typed.
  await expect(channels.getByTestId('channel-full')).toContainText(tr('ko', 'account.channels.full'));
  await expect(field).toHaveCount(0);

  // The rival cannot take the same channel.
  const rivalPage = await signedInPage(rival);
  await open(rivalPage, '/account');
  const rivalChannels = rivalPage.getByTestId('account-channels');
  await rivalChannels.getByLabel(tr('ko', 'account.channels.label')).fill(UC('e'));
  await rivalChannels.getByTestId('channel-add').click();
  await expect(rivalChannels.getByTestId('channel-error')).toContainText('이미 다른 계정에 등록되어 있습니다');

  // The verify page of the member's licence lists the cleared channel, to anyone.
  const track = await trackNamed('Golden Dreams 122');
  const { licenceId } = await api<{ licenceId: string }>(`/download/download?musicId=${track.id}`, { token: account.token });
  const visitor = await themedPage('en', 'light');
  await open(visitor, `/verify/${licenceId}`);
  await expect(visitor.getByTestId('licence-channels')).toContainText(UC('e'));
  // With the day it has been cleared since, in the reader's language, as the certificate says it.
  const [registered] = await api<Channel[]>('/my/channels', { token: account.token });
  await expect(visitor.getByTestId('licence-channel-since')).toHaveText(
    tr('en', 'verify.channelSince', { date: accountDate(registered!.clearedSince, 'en') }),
  );
  await visitor.close();

  // Two more devices, so that the device list and its "sign out every other device" button are checked too.
  for (const agent of [IPHONE, ANDROID]) expect((await signIn(account.email, account.password, agent)).status).toBe(200);
  for (const lang of LANGS) {
    for (const theme of THEMES) {
      const themed = await themedPage(lang, theme, session(account));
      await open(themed, '/account');
      await expect(themed.getByTestId('channel-item')).toHaveCount(1);
      await expect(themed.getByTestId('devices-signout-others')).toBeVisible();
      expect(await seriousViolations(themed), `${lang} ${theme}`).toEqual([]);
      await themed.close();
    }
  }

  // Removing is asked first, naming the channel; Escape keeps it, and the focus goes back to its button.
  const removeButton = channels.getByTestId('channel-remove');
  await removeButton.focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByTestId('channel-remove-dialog');
  await expect(confirm, 'the removal is asked').toContainText(UC('e'));
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(channels.getByTestId('channel-item'), 'kept').toHaveCount(1);
  await expect(removeButton).toBeFocused();
  // Confirmed, the focus stays in the section: on the address field once the list is empty.
  await page.keyboard.press('Enter');
  await confirm.getByTestId('confirm-button').click();
  await expect(channels.getByTestId('channel-item')).toHaveCount(0);
  await expect(field).toBeFocused();
  await rivalChannels.getByTestId('channel-add').click();
  await expect(rivalChannels.getByTestId('channel-item')).toContainText(UC('e'));
});

test('channels: a YouTube handle under 3 characters is refused with the rule, the field marked and focused', async ({ signedInPage }) => {
  const account = await createAccount('핸들');
  await setPlan(account, 'premium');
  const page = await signedInPage(account);
  await open(page, '/account');
  const channels = page.getByTestId('account-channels');
  const field = channels.getByLabel(tr('ko', 'account.channels.label'));
  await field.fill('youtube.com/@sr');
  await channels.getByTestId('channel-add').click();
  await expect(channels.getByTestId('channel-error')).toContainText(
    'YouTube 핸들은 3자 이상이어야 합니다(현재 2자). 빠진 글자가 없는지 확인해주세요.',
  );
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('youtube.com/@sr');
  await expect(channels.getByTestId('channel-item')).toHaveCount(0);
});

test('channels: another website is asked first, saying it takes one of the plan’s channels and is shown on the verify pages; Escape keeps it unregistered', async ({
  themedPage,
}) => {
  const account = await createAccount('웹채널');
  await setPlan(account, 'premium');
  // Themed (CSP bypassed): axe runs on the open dialog.
  const page = await themedPage('ko', 'light', session(account));
  await open(page, '/account');
  const channels = page.getByTestId('account-channels');
  const field = channels.getByLabel(tr('ko', 'account.channels.label'));
  await field.fill('www.haneul-studio.kr/portfolio/?ref=sori');
  await field.press('Enter');
  const dialog = page.getByTestId('channel-site-dialog');
  await expect(dialog.getByRole('heading', { name: tr('ko', 'account.channels.siteTitle') })).toBeVisible();
  // The address as it would be kept, what it uses and where it is shown, before anything is registered.
  await expect(dialog.getByTestId('channel-site-address')).toHaveText('https://haneul-studio.kr/portfolio');
  await expect(dialog).toContainText(tr('ko', 'account.channels.siteBody', { plan: '프리미엄' }));
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('www.haneul-studio.kr/portfolio/?ref=sori');
  expect(await api<Channel[]>('/my/channels', { token: account.token })).toEqual([]);

  // Asked again and confirmed: registered as a website, the allowance used, the focus on the new channel.
  await field.press('Enter');
  await dialog.getByRole('button', { name: tr('ko', 'account.channels.siteConfirm') }).click();
  await expect(dialog).toBeHidden();
  await expect(channels.getByTestId('channel-item')).toContainText('웹사이트');
  await expect(channels.getByTestId('channel-item')).toContainText('https://haneul-studio.kr/portfolio');
  await expect(channels.getByTestId('channel-full')).toBeVisible();
  await expect(channels.getByTestId('channel-remove')).toBeFocused();
});

test('withdrawal: needs the password, signs out, and the same e-mail can sign up again', async ({ signedInPage }) => {
  const account = await createAccount('탈퇴');
  const page = await signedInPage(account);
  await open(page, '/account');
  await page.getByTestId('withdraw-open').click();
  const dialog = page.getByTestId('withdraw-dialog');
  await dialog.getByLabel(tr('ko', 'account.withdraw.password')).fill('not-my-password');
  await dialog.getByTestId('withdraw-confirm').click();
  await expect(dialog.getByTestId('withdraw-error')).toHaveText('비밀번호가 올바르지 않습니다.');
  // Tab and Shift+Tab go round the dialog's controls and never stop on the page behind it.
  const focusInDialog = () => page.evaluate(() => !!document.activeElement?.closest('.modal.show'));
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press(key);
      expect(await focusInDialog(), `${key} ×${i + 1}`).toBe(true);
    }
  }
  await dialog.getByLabel(tr('ko', 'account.withdraw.password')).fill(account.password);
  await dialog.getByTestId('withdraw-confirm').click();
  // The account gone, the home page takes the place of the account page, its heading focused, the notice said there.
  await expect(page).toHaveURL(`${BASE_URL}/`);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading, 'focus on the home page’s heading').toBeFocused();
  const notice = page.getByTestId('notice').filter({ hasText: tr('ko', 'account.withdraw.done') });
  await expect(notice).toBeVisible();
  await expect(page.getByTestId('login-required')).toHaveCount(0);
  await expect(userLabel(page)).toHaveText(tr('ko', 'user.account'), { useInnerText: true });
  // The notice does not cover the heading.
  const [box, title] = [await notice.boundingBox(), await heading.boundingBox()];
  const overlaps =
    box!.x < title!.x + title!.width &&
    title!.x < box!.x + box!.width &&
    box!.y < title!.y + title!.height &&
    title!.y < box!.y + box!.height;
  expect(overlaps, 'the notice beside the heading, not over it').toBe(false);
  expect((await signIn(account.email, account.password)).status).toBe(401);

  // Sign up again with the same e-mail, through the form.
  await page.click('[data-testid="user-menu"] > button');
  await page.click('[data-testid="open-signup"]');
  const modal = page.locator('.modal.show');
  await modal.locator('[name="email"]').fill(account.email);
  await modal.locator('[name="password"]').fill('fresh-pass-1');
  await modal.locator('[name="confirmPassword"]').fill('fresh-pass-1');
  await modal.locator('[name="name"]').fill('다시 온 사람');
  await modal.locator('[name="phone"]').fill('010-2222-3333');
  await modal.getByLabel(tr('ko', 'auth.consent.terms')).check();
  await modal.getByLabel(tr('ko', 'auth.consent.privacy')).check();
  await modal.locator('button[type="submit"]').click();
  await modal.waitFor({ state: 'hidden' });
  await expect(userLabel(page)).toHaveText(tr('ko', 'user.greeting', { nick: '다시 온 사람' }), { useInnerText: true });
});

test('the marketing switch keeps the focus while its choice is saved, shows the choice, and ignores a second press meanwhile', async ({
  signedInPage,
}) => {
  const account = await createAccount('스위치');
  const page = await signedInPage(account);
  await open(page, '/account');
  const consents = page.getByTestId('account-consents');
  const marketing = consents.getByTestId('consent-marketing');
  const toggle = consents.getByLabel(tr('ko', 'account.consents.marketingToggle'));
  await expect(marketing).toContainText(tr('ko', 'account.consents.never'));

  // Hold the save, so what the switch does meanwhile can be seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let saves = 0;
  await page.route('**/api/my/consents/marketing', async (route) => {
    saves += 1;
    await held;
    await route.continue();
  });
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle, 'focus stays on the switch while saving').toBeFocused();
  await expect(toggle, 'shows the choice being saved').toBeChecked();
  await expect(toggle, 'says it is busy').toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Space');
  await expect(toggle, 'a second press while saving changes nothing').toBeChecked();
  release();
  await expect(marketing).toContainText('동의 (버전');
  await expect(toggle).not.toHaveAttribute('aria-disabled', 'true');
  await expect(toggle, 'focus still on the switch once saved').toBeFocused();
  expect(saves, 'one save for the two presses').toBe(1);

  await page.keyboard.press('Space');
  await expect(marketing).toContainText('철회');
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toBeFocused();
});

test('profile errors mark the field they are about, describe it and move the focus there; required fields say so as in sign-up', async ({
  signedInPage,
}) => {
  const account = await createAccount('프로필');
  const page = await signedInPage(account);
  await open(page, '/account');
  const profile = page.getByTestId('account-profile');
  const nick = profile.getByLabel(tr('ko', 'account.profile.nick'));
  const phone = profile.getByLabel(tr('ko', 'auth.fields.phone'));
  const save = profile.getByTestId('profile-save');
  await nick.fill('');
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(profile.getByRole('alert')).toHaveText('닉네임을 입력해주세요.');
  await expect(nick, 'focus on the empty nickname').toBeFocused();
  await expect(nick).toHaveAttribute('aria-invalid', 'true');
  await expect(nick).toHaveClass(/is-invalid/u);
  await expect(nick).toHaveAccessibleDescription('닉네임을 입력해주세요.');
  await expect(phone).not.toHaveAttribute('aria-invalid', 'true');

  // Another error moves the mark to its own field.
  await nick.fill('새 이름표');
  await phone.fill('call me');
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(profile.getByRole('alert')).toHaveText(
    '올바른 휴대전화 번호를 입력해주세요. 해외 번호는 국가번호부터 입력해주세요(예: +81 90-1234-5678).',
  );
  await expect(phone).toBeFocused();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(nick).not.toHaveAttribute('aria-invalid', 'true');

  // Saved, nothing is marked any more.
  await phone.fill('010-9876-5432');
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(tr('ko', 'account.saved'))).toBeVisible();
  // The button was busy while saving, not disabled: the focus is still on it.
  await expect(save, 'focus kept on the save button').toBeFocused();
  await expect(profile.getByRole('alert')).toHaveCount(0);
  await expect(phone).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('user-menu-label')).toHaveText(tr('ko', 'user.greeting', { nick: '새 이름표' }), { useInnerText: true });

  // Required fields carry the sign-up form's mark, drawn and not read: the field is named by its label alone and
  // says required itself. The optional one says "(선택)" as there.
  const label = (id: string) => profile.locator(`label[for="account-${id}"]`);
  const field = (id: string) => profile.locator(`#account-${id}`);
  for (const [id, name] of [
    ['nick', 'account.profile.nick'],
    ['name', 'auth.fields.name'],
    ['phone', 'auth.fields.phone'],
  ] as const) {
    await expect(label(id), `${id} marked required`).toContainText('*');
    await expect(field(id), `${id} named without the mark`).toHaveAccessibleName(tr('ko', name));
    await expect(field(id), `${id} said required`).toHaveAttribute('aria-required', 'true');
  }
  await expect(label('team')).toContainText(tr('ko', 'auth.fields.optional'));
  await expect(field('team')).not.toHaveAttribute('aria-required', 'true');
});
