import { BASE_URL, createAccount, eventually, expectEqual, expectTrue, open, signedInPage, test, tr } from '../harness';

interface Site {
  companyName: string;
  representative: string;
  businessNumber: string;
  supportEmail: string;
  supportPhone: string;
  copyright: string;
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
  await eventually(async () => (await footer.innerText()).includes(info.companyName), true, 'company name');
  const text = await footer.innerText();
  for (const value of [info.representative, info.businessNumber, info.supportEmail, info.supportPhone]) {
    expectTrue(text.includes(value), `Korean footer shows ${value}`);
  }
  expectTrue(text.includes(tr('ko', 'footer.terms')) && text.includes(tr('ko', 'footer.privacy')), 'terms and privacy links');
  await footer.locator('[data-testid="footer-privacy"]').click();
  await ko.waitForURL('**/privacy');

  for (const locale of ['en-US', 'ja-JP']) {
    const page = await newPage({ locale });
    await open(page, '/plan');
    const copyright = page.locator('[data-testid="footer-copyright"]');
    await eventually(() => copyright.innerText(), info.copyright, `${locale} copyright line`);
    expectEqual(await page.locator('[data-testid="footer-company"]').count(), 0, `${locale} has no company block`);
  }
});

test('terms and privacy: Korean text with the dates of section 1; a notice for en and ja', async ({ newPage }) => {
  const ko = await newPage();
  await open(ko, '/terms');
  const terms = `${await ko.locator('[data-testid="legal-dates"]').innerText()}\n${await ko.locator('article[lang="ko"]').innerText()}`;
  for (const needle of ['2024-04-24', '2024-04-17', '7일', '회원 가입', '결제', '환불', '개인정보', '분쟁']) {
    expectTrue(terms.includes(needle), `terms mention ${needle}`);
  }
  expectEqual(await ko.locator('[data-testid="korean-only-notice"]').count(), 0, 'no notice in Korean');
  await open(ko, '/privacy');
  const privacy = await ko.locator('article[lang="ko"]').innerText();
  for (const needle of ['실명', '이메일', '비밀번호', '휴대전화', '5년', '3년', '3개월', '7일', '30일']) {
    expectTrue(privacy.includes(needle), `privacy mentions ${needle}`);
  }
  for (const [locale, lang] of [
    ['en-US', 'en'],
    ['ja-JP', 'ja'],
  ] as const) {
    const page = await newPage({ locale });
    for (const path of ['/terms', '/privacy']) {
      await open(page, path);
      await eventually(
        () => page.locator('[data-testid="korean-only-notice"]').innerText(),
        tr(lang, 'legal.koreanOnly'),
        `${lang} ${path} notice`,
      );
      expectTrue((await page.locator('article[lang="ko"]').innerText()).includes('개인정보'), `${lang} ${path} Korean text`);
      expectTrue((await page.locator('[data-testid="legal-dates"]').innerText()).includes('2024-04-24'), `${lang} ${path} dates`);
    }
  }
});

test('home has three feature cards; plan has free, premium and family cards', async ({ newPage }) => {
  const page = await newPage();
  await open(page, '/');
  expectEqual(await page.locator('[data-testid="feature-card"]').count(), 3, 'feature cards');
  await open(page, '/plan');
  for (const plan of ['free', 'premium', 'family']) {
    await page.locator(`[data-testid="plan-${plan}"]`).waitFor();
    expectTrue(
      (await page.locator(`[data-testid="plan-${plan}"] h2`).innerText()) === tr('ko', `plan.${plan}.name`),
      `${plan} card`,
    );
  }
});

test('plan buttons: a visitor is asked to log in; a member learns payment is not available yet', async (ctx) => {
  const visitor = await ctx.newPage();
  await open(visitor, '/plan');
  await visitor.click('[data-testid="subscribe-premium"]');
  await visitor.locator('.modal.show').waitFor();
  expectEqual(await visitor.locator('.modal.show .modal-title').innerText(), tr('ko', 'auth.login.title'), 'login modal');

  const info = await site();
  const member = await signedInPage(ctx, await createAccount());
  await open(member, '/plan');
  await member.click('[data-testid="subscribe-family"]');
  const notice = member.locator('[data-testid="payment-notice"]');
  await notice.waitFor();
  expectEqual(await notice.locator('.modal-title').innerText(), tr('ko', 'plan.notice.title'), 'notice title');
  expectEqual(await notice.locator(`a[href="mailto:${info.supportEmail}"]`).count(), 1, 'support e-mail link');
});

test('new playlist: the name is required after trimming, Enter submits, the playlist joins the sidebar', async (ctx) => {
  const account = await createAccount();
  const page = await signedInPage(ctx, account);
  await open(page, '/library');
  await page.click('[data-testid="side-new-playlist"]');
  const dialog = page.locator('[data-testid="new-playlist-modal"]');
  await dialog.waitFor();
  const input = dialog.locator('input');
  await input.fill('   ');
  await input.press('Enter');
  await eventually(() => dialog.locator('[role="alert"]').innerText(), tr('ko', 'playlist.nameRequired'), 'name required');
  await input.fill('  출근길 플레이리스트  ');
  await input.press('Enter');
  await dialog.waitFor({ state: 'hidden' });
  const link = page.locator('[data-testid="side-playlist-list"] a').first();
  await eventually(() => link.innerText(), '출근길 플레이리스트', 'trimmed name in the sidebar');
  const href = await link.getAttribute('href');
  expectTrue(/^\/playlist\/\d+$/u.test(href ?? ''), `links to /playlist/{id}: ${href}`);
  await link.click();
  await page.waitForURL(`**${href}`);
  await eventually(() => page.locator('[data-testid="page-title"]').innerText(), '출근길 플레이리스트', 'detail title');
  expectEqual(await link.getAttribute('aria-current'), 'page', 'sidebar marks the open playlist');

  const listed = await fetch(`${BASE_URL}/api/playbox/list`, { headers: { Authorization: `Bearer ${account.token}` } });
  const names = ((await listed.json()) as { body: { name: string }[] }).body.map((p) => p.name);
  expectTrue(names.includes('출근길 플레이리스트'), 'sent trimmed to the server');

  // Signed out, the same action opens the login modal instead.
  const visitor = await ctx.newPage();
  await open(visitor, '/library');
  await visitor.click('[data-testid="side-new-playlist"]');
  await eventually(() => visitor.locator('.modal.show .modal-title').innerText(), tr('ko', 'auth.login.title'), 'login first');
});
