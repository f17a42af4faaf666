import { LICENCE_VERIFY_SCRIPT, type PublicLicence } from '@sori/contract';
import { readFileSync } from 'node:fs';
import { api, operator, setLevel, trackNamed } from '../data';
import { BASE_URL, createAccount, open, tr, type Lang } from '../app';
import { seriousViolations, THEMES } from '../axe';
import { expect, test } from '../test';

const LANGS: Lang[] = ['ko', 'en', 'ja'];

test('licences: a level-5 download issues one; the download history lists it with its certificate and verify page; anyone can check it in ko/en/ja, valid and then revoked', async ({
  signedInPage,
  themedPage,
}) => {
  // Eight pages checked with axe, two downloads and an operator command: about 30 s on a quiet machine.
  test.setTimeout(300_000);
  const track = await trackNamed('Golden Dreams 122');
  const account = await createAccount('라이선스');
  await setLevel(account, 5);
  const { licenceId } = await api<{ licenceId: string }>(`/download/download?musicId=${track.id}`, { token: account.token });

  // The download history is the licence history.
  const page = await signedInPage(account);
  await open(page, '/download');
  const line = page.getByTestId('licence-line').filter({ hasText: licenceId });
  await expect(line).toBeVisible();
  // Its links show inside the title cell, under the artist (they sat clipped past the cell's edge at 1280 px).
  const cell = (await line.locator('xpath=ancestor::td[1]').boundingBox())!;
  for (const control of [...(await line.getByRole('button').all()), ...(await line.getByRole('link').all())]) {
    const box = (await control.boundingBox())!;
    expect(box.width).toBeGreaterThan(10);
    expect(box.x + box.width).toBeLessThanOrEqual(cell.x + cell.width + 1);
  }
  // On a 360 px phone the licence number stays whole, inside the cell (it lost its last character).
  await page.setViewportSize({ width: 360, height: 740 });
  const narrowCell = (await line.locator('xpath=ancestor::td[1]').boundingBox())!;
  const number = (await line.getByText(licenceId, { exact: true }).boundingBox())!;
  expect(number.x + number.width, 'the licence number within its cell at 360 px').toBeLessThanOrEqual(
    narrowCell.x + narrowCell.width + 0.5,
  );
  expect(await line.getByText(licenceId, { exact: true }).evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
  // The PDF takes about a second: the button says it is busy meanwhile, keeping the focus, then a notice says it was saved.
  const certificateButton = line.getByRole('button', { name: tr('ko', 'licence.certificateOf', { title: track.title }) });
  const [certificate] = await Promise.all([page.waitForEvent('download'), certificateButton.press('Enter')]);
  expect(certificate.suggestedFilename()).toBe(`${licenceId}.pdf`);
  await expect(page.getByText(tr('ko', 'licence.certificateSaved', { name: `${licenceId}.pdf` }))).toBeVisible();
  await expect(certificateButton).not.toHaveAttribute('aria-busy');
  await expect(certificateButton).toBeFocused();
  // Downloading again reuses the licence.
  const again = await api<{ licenceId: string }>(`/download/download?musicId=${track.id}`, { token: account.token });
  expect(again.licenceId).toBe(licenceId);

  // The track page tells its licensee the licence held, with the same certificate and verify page.
  await open(page, `/track/${track.id}`);
  const held = page.getByTestId('track-held-licences');
  await expect(held).toContainText(tr('ko', 'trackPage.licenceHeld'));
  await expect(held.getByTestId('licence-line')).toContainText(licenceId);
  await expect(held.getByRole('link', { name: tr('ko', 'licence.verifyOf', { title: track.title }) })).toHaveAttribute(
    'href',
    `/verify/${licenceId}`,
  );
  // The credit for the video's description goes to the clipboard: the music, the licence, the address that checks it.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await held.getByRole('button', { name: tr('ko', 'licence.creditOf', { title: track.title }) }).click();
  await expect(page.getByText(tr('ko', 'licence.creditCopied'))).toBeVisible();
  const music = track.artist ? `${track.artist} – ${track.title}` : track.title;
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    tr('ko', 'licence.creditText', { music, id: licenceId, url: `${BASE_URL}/verify/${licenceId}` }),
  );
  await open(page, '/download');

  await line.getByRole('link', { name: tr('ko', 'licence.verifyOf', { title: track.title }) }).click();
  await expect(page).toHaveURL(new RegExp(`/verify/${licenceId}$`, 'u'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ko', 'verify.valid'));
  await expect(page.getByTestId('licence-id')).toHaveText(licenceId);

  // "Check another" from a licence's page: the new verdict's heading takes the focus (it fell to <body>), and again back.
  const another = page.getByLabel(tr('ko', 'verify.checkAnother'));
  await another.fill('SORI-0000-0000-0000');
  await another.press('Enter');
  await expect(page).toHaveURL(/\/verify\/SORI-0000-0000-0000$/u);
  await expect(page.getByRole('heading', { level: 1, name: tr('ko', 'verify.notFound') })).toBeFocused();
  await page.getByLabel(tr('ko', 'verify.checkAnother')).fill(licenceId);
  await page.getByLabel(tr('ko', 'verify.checkAnother')).press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: tr('ko', 'verify.valid') })).toBeFocused();

  // The dispute text goes to the clipboard, and the page says so.
  await page.getByRole('button', { name: tr('ko', 'verify.copyDispute') }).click();
  await expect(page.getByRole('status').filter({ hasText: tr('ko', 'verify.copied') })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(licenceId);
  expect(copied).toContain(`/verify/${licenceId}`);

  // Anyone, signed out, in each language and theme: as large as a page can say it, and accessible.
  for (const lang of LANGS) {
    for (const theme of THEMES) {
      const visitor = await themedPage(lang, theme);
      // A pasted id in lower case lands on the canonical address.
      const response = await visitor.goto(`/verify/${licenceId.toLowerCase()}`);
      expect(response?.status()).toBe(200);
      await expect(visitor).toHaveURL(new RegExp(`/verify/${licenceId}$`, 'u'));
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(tr(lang, 'verify.valid'));
      await expect(visitor.getByTestId('dispute-text')).toContainText(licenceId);
      // How to check it without Sori, opened: the steps and the script the docs' test runs.
      await visitor.getByText(tr(lang, 'verify.yourself.title'), { exact: true }).click();
      await expect(visitor.getByTestId('verify-yourself').locator('code')).toHaveText(LICENCE_VERIFY_SCRIPT, { useInnerText: true });
      expect(await seriousViolations(visitor), `${lang} ${theme}`).toEqual([]);
      await visitor.close();
    }
  }

  // The signed licence saves as a file named by its number: the licence as signed, to keep and check offline.
  const keeper = await themedPage('en', 'light');
  await keeper.goto(`/verify/${licenceId}`);
  const saving = keeper.waitForEvent('download');
  await keeper.getByRole('link', { name: tr('en', 'verify.fileLink') }).click();
  const saved = await saving;
  expect(saved.suggestedFilename()).toBe(`${licenceId}.json`);
  const signed = JSON.parse(readFileSync((await saved.path())!, 'utf8')) as PublicLicence;
  expect(signed).toEqual(await api<PublicLicence>(`/licences/${licenceId}`));
  // A reviewer sent the track checks the file against the licence, in the browser: the downloaded bytes
  // match; a copy with one byte more does not, and the page gives that copy's value.
  const ticket = await api<{ url: string; fileName: string }>(`/download/download?musicId=${track.id}`, { token: account.token });
  const bytes = Buffer.from(await (await fetch(new URL(ticket.url, BASE_URL))).arrayBuffer());
  const input = keeper.getByLabel(tr('en', 'verify.match.choose'));
  const result = keeper.getByTestId('file-match-result');
  await input.setInputFiles({ name: ticket.fileName, mimeType: 'audio/wav', buffer: bytes });
  await expect(result).toHaveAttribute('data-state', 'match');
  await expect(result).toHaveText(tr('en', 'verify.match.same', { name: ticket.fileName }));
  await input.setInputFiles({ name: 'copy.wav', mimeType: 'audio/wav', buffer: Buffer.concat([bytes, Buffer.from([0])]) });
  await expect(result).toHaveAttribute('data-state', 'mismatch');
  await expect(result).toContainText(tr('en', 'verify.match.different', { name: 'copy.wav' }));
  expect(await seriousViolations(keeper)).toEqual([]);
  await keeper.close();

  // Unknown and malformed ids say so, the page with a 404 from the server.
  const visitor = await themedPage('en', 'light');
  expect((await visitor.goto('/verify/SORI-0000-0000-0000'))?.status()).toBe(404);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(tr('en', 'verify.notFound'));
  expect((await visitor.goto('/verify/not-a-licence'))?.status()).toBe(404);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(tr('en', 'verify.malformed'));
  expect(await seriousViolations(visitor)).toEqual([]);

  // Revoked by an operator: still public, now saying revoked and why.
  await operator('licence:revoke', licenceId, '--reason', 'refund requested');
  await visitor.goto(`/verify/${licenceId}`);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(tr('en', 'verify.revoked'));
  await expect(visitor.getByTestId('licence-verdict')).toContainText('refund requested');
  expect(await seriousViolations(visitor)).toEqual([]);

  // The licensee's download history keeps it in sight, marked revoked, its links still there.
  await open(page, '/download');
  const revokedLine = page.getByTestId('licence-line').filter({ hasText: licenceId });
  await expect(revokedLine.getByTestId('licence-revoked')).toHaveText(tr('ko', 'licence.revoked'));
  await expect(revokedLine.getByRole('link', { name: tr('ko', 'licence.verifyOf', { title: track.title }) })).toBeVisible();
  await expect(revokedLine.getByTestId('licence-credit'), 'no credit for a revoked licence').toHaveCount(0);

  // Signed out, the track page's licence lines go at once, before the track comes back without them (its
  // refetch is held here, never answered).
  await open(page, `/track/${track.id}`);
  await expect(page.getByTestId('track-held-licences')).toBeVisible();
  await page.route(`**/api/musics/${track.id}`, () => undefined);
  await page.click('[data-testid="user-menu"] > button');
  await page.click('[data-testid="logout"]');
  await expect(page.getByTestId('track-held-licences')).toHaveCount(0);
  await expect(page.getByTestId('track-page')).toBeVisible();
});

test('certificate after the session ended: the notice says so and offers the login; signed in again, the focus is back on the button and the PDF is saved', async ({
  signedInPage,
}) => {
  const track = await trackNamed('Golden Dreams 122');
  const account = await createAccount('증명서');
  await setLevel(account, 5);
  const { licenceId } = await api<{ licenceId: string }>(`/download/download?musicId=${track.id}`, { token: account.token });
  const page = await signedInPage(account);
  await open(page, '/download');
  const certificateButton = page
    .getByTestId('licence-line')
    .filter({ hasText: licenceId })
    .getByRole('button', { name: tr('ko', 'licence.certificateOf', { title: track.title }) });
  await expect(certificateButton).toBeVisible();

  // The member changes the password on another device: this page's session ends there and then.
  const elsewhere = await api<{ token: string }>('/signin', { body: { email: account.email, password: account.password } });
  await api('/my/password', {
    token: elsewhere.token,
    body: { currentPassword: account.password, password: 'river-stone-42', confirmPassword: 'river-stone-42' },
  });

  await certificateButton.press('Enter');
  const notice = page.getByTestId('notice').filter({ hasText: tr('ko', 'licence.certificateSignedOut') });
  await expect(notice).toBeVisible();
  await expect(page.getByText(tr('ko', 'licence.certificateFailed'))).toHaveCount(0);
  await notice.getByRole('button', { name: tr('ko', 'user.login') }).click();
  const modal = page.locator('.modal.show');
  await modal.locator('[name="email"]').fill(account.email);
  await modal.locator('[name="password"]').fill('river-stone-42');
  const resumed = page.waitForEvent('download');
  await modal.locator('[name="password"]').press('Enter');
  await modal.waitFor({ state: 'hidden' });
  // Signed in from the certificate's notice, the focus is back on the certificate button, not the account menu,
  // and the certificate asked for is saved without a second press.
  await expect(certificateButton).toBeFocused();
  const certificate = await resumed;
  expect(certificate.suggestedFilename()).toBe(`${licenceId}.pdf`);
  await expect(page.getByText(tr('ko', 'licence.certificateSaved', { name: `${licenceId}.pdf` }))).toBeVisible();
});

test('the verdict in Japanese on a 360 px phone breaks between phrases, never inside ライセンス', async ({ newPage }) => {
  const track = await trackNamed('Golden Dreams 122');
  const account = await createAccount('판정 줄바꿈');
  await setLevel(account, 5);
  const { licenceId } = await api<{ licenceId: string }>(`/download/download?musicId=${track.id}`, { token: account.token });
  const page = await newPage({ locale: 'ja-JP', viewport: { width: 360, height: 740 } });
  await open(page, `/verify/${licenceId}`);
  const verdict = page.locator('.sori-verdict-title');
  await expect(verdict).toHaveText(tr('ja', 'verify.valid'), { useInnerText: true });
  // The lines the word ライセンス is laid out on: one, wherever the heading wraps.
  const lines = await verdict.evaluate((heading) => {
    const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf('ライセンス');
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 'ライセンス'.length);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    }
    return 0;
  });
  expect(lines, 'ライセンス on one line').toBe(1);
});
