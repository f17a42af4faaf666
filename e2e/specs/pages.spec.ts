import { CONSENT_VERSIONS } from '@sori/contract';
import { BASE_URL, createAccount, open, tr } from '../app';
import { seriousViolations, THEMES } from '../axe';
import { setPlan } from '../data';
import { expect, test } from '../test';

interface Site {
  companyName: string;
  representative: string;
  businessNumber: string;
  supportEmail: string;
  supportPhone: string;
  copyright: string;
  privacyOfficer: { name: string; position: string; email: string; phone: string };
}

async function site(): Promise<Site> {
  const response = await fetch(`${BASE_URL}/api/site`);
  return ((await response.json()) as { body: Site }).body;
}

test('footer: company details in Korean, a copyright line in English and Japanese', async ({ newPage }) => {
  const info = await site();
  const ko = await newPage({ locale: 'ko-KR' });
  await open(ko, '/');
  const footer = ko.locator('[data-testid="footer"]');
  await footer.locator('[data-testid="footer-company"]').waitFor();
  await expect.poll(async () => (await footer.innerText()).includes(info.companyName), { message: 'company name' }).toEqual(true);
  const text = await footer.innerText();
  for (const value of [info.representative, info.businessNumber, info.supportEmail, info.supportPhone]) {
    expect(text.includes(value), `Korean footer shows ${value}`).toBeTruthy();
  }
  expect(text.includes(tr('ko', 'footer.terms')) && text.includes(tr('ko', 'footer.privacy')), 'terms and privacy links').toBeTruthy();
  await footer.locator('[data-testid="footer-privacy"]').click();
  await ko.waitForURL('**/privacy');

  for (const locale of ['en-US', 'ja-JP']) {
    const page = await newPage({ locale });
    await open(page, '/plan');
    const copyright = page.locator('[data-testid="footer-copyright"]');
    await expect(copyright, `${locale} copyright line`).toHaveText(info.copyright, { useInnerText: true });
    await expect(page.locator('[data-testid="footer-company"]'), `${locale} has no company block`).toHaveCount(0);
    // Support can still be reached: the support e-mail, as the Korean footer lists it.
    const contact = page.locator('[data-testid="footer-contact"]');
    await expect(contact, `${locale} contact link`).toHaveAttribute('href', `mailto:${info.supportEmail}`);
    await expect(contact).toHaveText(tr(locale === 'en-US' ? 'en' : 'ja', 'footer.contact'), { useInnerText: true });
  }
});

test('terms and privacy: Korean text with the dates of PRODUCT §1; a notice for en and ja', async ({ newPage }) => {
  const ko = await newPage();
  await open(ko, '/terms');
  const terms = `${await ko.locator('[data-testid="legal-dates"]').innerText()}\n${await ko.locator('article[lang="ko"]').innerText()}`;
  for (const needle of ['2024-04-24', '2024-04-17', '7일', '회원 가입', '결제', '환불', '개인정보', '분쟁']) {
    expect(terms.includes(needle), `terms mention ${needle}`).toBeTruthy();
  }
  await expect(ko.locator('[data-testid="korean-only-notice"]'), 'no notice in Korean').toHaveCount(0);
  // Revised since: the header names when the text shown took effect, the version the account page says was agreed to.
  await expect(ko.getByTestId('legal-current-since')).toHaveText(tr('ko', 'legal.currentSince', { date: CONSENT_VERSIONS.terms }), {
    useInnerText: true,
  });
  // The privacy policy's revisions go by the day in Seoul: the browser's clock is set before the revision.
  await ko.clock.setFixedTime(new Date('2026-12-01T00:00:00Z'));
  await open(ko, '/privacy');
  await expect(ko.getByTestId('legal-current-since')).toHaveText(tr('ko', 'legal.currentSince', { date: CONSENT_VERSIONS.privacy }), {
    useInnerText: true,
  });
  const privacy = await ko.locator('article[lang="ko"]').innerText();
  for (const needle of ['실명', '이메일', '비밀번호', '휴대전화', '5년', '3년', '3개월', '7일', '30일']) {
    expect(privacy.includes(needle), `privacy mentions ${needle}`).toBeTruthy();
  }
  for (const [locale, lang] of [
    ['en-US', 'en'],
    ['ja-JP', 'ja'],
  ] as const) {
    const page = await newPage({ locale });
    for (const path of ['/terms', '/privacy']) {
      await open(page, path);
      await expect(page.locator('[data-testid="korean-only-notice"]'), `${lang} ${path} notice`).toHaveText(tr(lang, 'legal.koreanOnly'), {
        useInnerText: true,
      });
      await expect(page.locator('article[lang="ko"]'), `${lang} ${path} Korean text`).toContainText('개인정보', { useInnerText: true });
      await expect(page.locator('[data-testid="legal-dates"]'), `${lang} ${path} dates`).toContainText('2024-04-24', {
        useInnerText: true,
      });
    }
  }
});

test('privacy policy: a revision is announced with what it changes, can be read before it takes effect, then holds, naming the configured privacy officer', async ({
  newPage,
}) => {
  const info = await site();
  const page = await newPage({ locale: 'ko-KR' });
  // 09:00 on 8 December 2026 in Seoul: the revision was announced on the 7th and takes effect on 6 January.
  await page.clock.setFixedTime(new Date('2026-12-08T00:00:00Z'));
  await open(page, '/privacy');
  const notice = page.getByTestId('legal-upcoming');
  await expect(notice).toContainText(tr('ko', 'legal.upcoming', { date: '2027-01-06', announced: '2026-12-07' }), { useInnerText: true });
  await expect(page.locator('article[lang="ko"]')).toHaveAttribute('data-version', '2026-11-26');
  await notice.getByRole('link', { name: tr('ko', 'legal.readUpcoming') }).click();
  await page.waitForURL('**/privacy?version=2027-01-06');
  await expect(page.locator('article[lang="ko"]')).toHaveAttribute('data-version', '2027-01-06');
  await expect(page.getByTestId('legal-other-version')).toContainText(tr('ko', 'legal.showingUpcoming', { date: '2027-01-06' }), {
    useInnerText: true,
  });
  const officer = `성명: ${info.privacyOfficer.name}`;
  await expect(page.locator('article[lang="ko"]')).toContainText(officer, { useInnerText: true });
  await expect(page.locator('article[lang="ko"]')).toContainText(`이메일: ${info.privacyOfficer.email}`, { useInnerText: true });
  await page.getByRole('link', { name: tr('ko', 'legal.readCurrent') }).click();
  await expect(page.locator('article[lang="ko"]')).toHaveAttribute('data-version', '2026-11-26');

  // From 6 January in Seoul (still the 5th in UTC) the revision holds and the earlier text is one link away.
  const later = await newPage({ locale: 'ko-KR' });
  await later.clock.setFixedTime(new Date('2027-01-05T15:30:00Z'));
  await open(later, '/privacy');
  await expect(later.locator('article[lang="ko"]')).toHaveAttribute('data-version', '2027-01-06');
  await expect(later.getByTestId('legal-upcoming')).toHaveCount(0);
  await expect(later.getByTestId('legal-current-since')).toHaveText(tr('ko', 'legal.currentSince', { date: '2027-01-06' }), {
    useInnerText: true,
  });
  const versions = later.getByRole('navigation', { name: tr('ko', 'legal.versions') });
  await versions.getByRole('link', { name: tr('ko', 'legal.versionPast', { from: '2026-11-26', to: '2027-01-05' }) }).click();
  await expect(later.locator('article[lang="ko"]')).toHaveAttribute('data-version', '2026-11-26');
});

test('privacy policy: the revision notice, the preview and the version list pass axe in both themes', async ({ themedPage }) => {
  for (const theme of THEMES) {
    const page = await themedPage('ko', theme);
    await page.clock.setFixedTime(new Date('2026-12-08T00:00:00Z'));
    await open(page, '/privacy');
    await page.getByTestId('legal-upcoming').waitFor();
    expect(await seriousViolations(page), `${theme}: notice`).toEqual([]);
    await open(page, '/privacy?version=2027-01-06');
    await page.getByTestId('legal-other-version').waitFor();
    await page.getByTestId('legal-versions').waitFor();
    expect(await seriousViolations(page), `${theme}: preview and versions`).toEqual([]);
  }
});

test('home has three feature cards; plan has free, premium and family cards', async ({ newPage }) => {
  const page = await newPage();
  await open(page, '/');
  await expect(page.locator('[data-testid="feature-card"]'), 'feature cards').toHaveCount(3);
  await open(page, '/plan');
  for (const plan of ['free', 'premium', 'family']) {
    await page.locator(`[data-testid="plan-${plan}"]`).waitFor();
    expect(
      (await page.locator(`[data-testid="plan-${plan}"] h2`).innerText()) === tr('ko', `plan.${plan}.name`),
      `${plan} card`,
    ).toBeTruthy();
  }
});

test('plan buttons: a visitor is asked to log in, or to sign up to start free; a member learns payment is not available yet; a paying member is offered an upgrade or a change down, never a second subscription', async ({
  newPage,
  signedInPage,
}) => {
  const visitor = await newPage();
  await open(visitor, '/plan');
  // Each button is named with its plan: in a screen reader's list of buttons two read "구독하기" alone.
  for (const plan of ['premium', 'family'] as const)
    await expect(visitor.getByTestId(`subscribe-${plan}`)).toHaveAccessibleName(
      `${await visitor.getByTestId(`subscribe-${plan}`).innerText()} ${tr('ko', `plan.${plan}.name`)}`,
    );
  await visitor.click('[data-testid="subscribe-premium"]');
  await visitor.locator('.modal.show').waitFor();
  await expect(visitor.locator('.modal.show .modal-title'), 'login modal').toHaveText(tr('ko', 'auth.login.title'), { useInnerText: true });
  await visitor.keyboard.press('Escape');
  await visitor.locator('.modal.show').waitFor({ state: 'hidden' });
  // Starting free needs an account: the free card says so and opens the sign-up, not the login.
  const startFree = visitor.locator('[data-testid="subscribe-free"]');
  await expect(startFree).toHaveText(tr('ko', 'home.ctaSignup'), { useInnerText: true });
  await startFree.click();
  await expect(visitor.locator('.modal.show .modal-title'), 'sign-up modal').toHaveText(tr('ko', 'auth.signup.title'), {
    useInnerText: true,
  });

  const info = await site();
  const member = await signedInPage(await createAccount());
  await open(member, '/plan');
  await member.click('[data-testid="subscribe-family"]');
  const notice = member.locator('[data-testid="payment-notice"]');
  await notice.waitFor();
  await expect(notice.locator('.modal-title'), 'notice title').toHaveText(tr('ko', 'plan.notice.title'), { useInnerText: true });
  await expect(notice.locator(`a[href="mailto:${info.supportEmail}"]`), 'support e-mail link').toHaveCount(1);

  // A premium member is not offered to "subscribe" to the free plan, nor told about payment for it: it is a
  // change down. What a plan lacks is marked with a dash, not a tick.
  const premium = await createAccount();
  await setPlan(premium, 'premium');
  const paying = await signedInPage(premium);
  await open(paying, '/plan');
  const free = paying.locator('[data-testid="subscribe-free"]');
  await expect(free, 'the free card offers a change').toHaveText(tr('ko', 'plan.switch'), { useInnerText: true });
  // A dearer plan is an upgrade, not a second subscription: it still waits for online payment.
  const family = paying.locator('[data-testid="subscribe-family"]');
  await expect(family, 'a dearer plan is an upgrade').toHaveText(tr('ko', 'plan.upgrade'), { useInnerText: true });
  await family.click();
  const upgrade = paying.locator('[data-testid="payment-notice"]');
  await expect(upgrade.locator('.modal-title')).toHaveText(tr('ko', 'plan.notice.title'), { useInnerText: true });
  await expect(upgrade.locator('.modal-body p').first()).toHaveText(
    tr('ko', 'plan.notice.upgradeBody', { plan: tr('ko', 'plan.family.name') }),
    {
      useInnerText: true,
    },
  );
  await upgrade.getByRole('button', { name: tr('ko', 'common.ok') }).click();
  await upgrade.waitFor({ state: 'hidden' });
  await free.click();
  const change = paying.locator('[data-testid="payment-notice"]');
  await expect(change.locator('.modal-title'), 'change title').toHaveText(tr('ko', 'plan.notice.switchTitle'), { useInnerText: true });
  await expect(change.locator('.modal-body'), 'no payment for a free plan').not.toContainText('결제');
  await expect(paying.locator('[data-testid="plan-free"] li[data-has="false"]'), 'no downloads, no channels: dashes').toHaveText([
    tr('ko', 'plan.includes.noDownloads'),
    tr('ko', 'plan.includes.noChannels'),
  ]);
  const dashes = paying.locator('[data-testid="plan-free"] li[data-has="false"] .sori-icon path');
  expect(await dashes.evaluateAll((paths) => paths.map((p) => p.getAttribute('d')))).toEqual(['M5 12h14', 'M5 12h14']);
});

test('new playlist: the name is required after trimming, Enter submits, the playlist joins the sidebar', async ({
  newPage,
  signedInPage,
}) => {
  const account = await createAccount();
  const page = await signedInPage(account);
  await open(page, '/library');
  await page.click('[data-testid="side-new-playlist"]');
  const dialog = page.locator('[data-testid="new-playlist-modal"]');
  await dialog.waitFor();
  const input = dialog.locator('input');
  await input.fill('   ');
  await input.press('Enter');
  await expect(dialog.locator('[role="alert"]'), 'name required').toHaveText(tr('ko', 'playlist.nameRequired'), { useInnerText: true });
  await input.fill('  출근길 플레이리스트  ');
  await input.press('Enter');
  await dialog.waitFor({ state: 'hidden' });
  const link = page.locator('[data-testid="side-playlist-list"] a').first();
  await expect(link, 'trimmed name in the sidebar').toHaveText('출근길 플레이리스트', { useInnerText: true });
  const href = await link.getAttribute('href');
  expect(/^\/playlist\/\d+$/u.test(href ?? ''), `links to /playlist/{id}: ${href}`).toBeTruthy();
  await link.click();
  await page.waitForURL(`**${href}`);
  await expect(page.locator('[data-testid="page-title"]'), 'detail title').toHaveText('출근길 플레이리스트', { useInnerText: true });
  await expect(link, 'sidebar marks the open playlist').toHaveAttribute('aria-current', 'page');

  const listed = await fetch(`${BASE_URL}/api/playbox/list`, { headers: { Authorization: `Bearer ${account.token}` } });
  const names = ((await listed.json()) as { body: { name: string }[] }).body.map((p) => p.name);
  expect(names.includes('출근길 플레이리스트'), 'sent trimmed to the server').toBeTruthy();

  // Signed out, the same action opens the login modal instead.
  const visitor = await newPage();
  await open(visitor, '/library');
  await visitor.click('[data-testid="side-new-playlist"]');
  await expect(visitor.locator('.modal.show .modal-title'), 'login first').toHaveText(tr('ko', 'auth.login.title'), { useInnerText: true });
});
