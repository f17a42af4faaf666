/**
 * A tab opened before a deploy: the screens and dialogs it has not loaded yet are chunks of the old build,
 * which the new server answers 404. Here the browser answers a chunk's request 404 itself (`page.route`), as
 * the server does once the deploy has replaced the build.
 */
import type { Page, Route } from '@playwright/test';
import { open, tr } from '../app';
import { expect, test } from '../test';

/** The plan screen's lazy chunk (`/assets/PlanPage-<hash>.js`). */
const PLAN_CHUNK = /\/assets\/PlanPage-[\w-]+\.js$/u;
/** The sign-in dialogs' lazy chunk. */
const AUTH_CHUNK = /\/assets\/AuthModals-[\w-]+\.js$/u;
/** The player bar's lazy chunk (warmed while idle on a list, else loaded at the first play). */
const PLAYER_CHUNK = /\/assets\/PlayerBar-[\w-]+\.js$/u;

const gone = (route: Route) =>
  route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"Not Found","code":"NOT_FOUND"}' });

/** Counts the page's full loads (the first one included). */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => (loads += 1));
  return () => loads;
}

test('after a deploy, a screen whose chunk is gone reloads the page once and opens in the new version', async ({ newPage }) => {
  const page = await newPage();
  const loads = countLoads(page);
  await open(page, '/');
  // The old build's chunk is gone once; the reloaded page asks for the new build's, which is there.
  let refused = 0;
  await page.route(PLAN_CHUNK, (route) => (refused++ === 0 ? gone(route) : route.continue()));

  await page.getByTestId('nav-plan').click();
  await expect(page.getByRole('heading', { level: 1, name: tr('ko', 'plan.title') })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/plan');
  expect(refused, 'the chunk was asked for twice: before and after the reload').toBe(2);
  expect(loads(), 'one reload').toBe(2);
  await expect(page.getByTestId('screen-failure'), 'no error shown').toHaveCount(0);
});

test('after a deploy, a chunk still missing after the reload: no loop, a message that a new version is out, and its reload button works by keyboard', async ({
  newPage,
}) => {
  const page = await newPage();
  const loads = countLoads(page);
  await open(page, '/');
  await page.route(PLAN_CHUNK, gone);

  await page.getByTestId('nav-plan').click();
  const failure = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: tr('ko', 'errors.newVersionTitle') }) });
  await expect(failure).toBeVisible();
  await expect(failure).toContainText(tr('ko', 'errors.newVersionBody'));
  expect(new URL(page.url()).pathname).toBe('/plan');
  // Left a while, the page is not reloaded again and again.
  await page.waitForTimeout(1500);
  expect(loads(), 'one reload, then the message').toBe(2);

  // The button is named and in the tab order; with the chunk back, it opens the screen.
  const reload = failure.getByRole('button', { name: tr('ko', 'errors.reload') });
  await page.locator('#main').focus();
  await page.keyboard.press('Tab');
  await expect(reload).toBeFocused();
  await page.unroute(PLAN_CHUNK);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: tr('ko', 'plan.title') })).toBeVisible();
  expect(loads()).toBe(3);
});

test('after a deploy, the sign-in dialog whose chunk is gone does not blank the app: a notice offers the reload', async ({ newPage }) => {
  const page = await newPage({ locale: 'en-US' });
  await open(page, '/library');
  // This tab reloaded for a new version a moment ago, so it does not reload again.
  await page.evaluate(() => sessionStorage.setItem('sori.reloadedForNewVersion', String(Date.now())));
  await page.route(AUTH_CHUNK, gone);

  await page.click('[data-testid="user-menu"] > button');
  await page.click('[data-testid="open-login"]');
  const notice = page.locator('[data-testid="notice"]').filter({ hasText: tr('en', 'errors.newVersionTitle') });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: tr('en', 'library.title') }), 'the screen stays').toBeVisible();
  await page.unroute(AUTH_CHUNK);
  await notice.getByRole('button', { name: tr('en', 'errors.reload') }).click();
  await page.click('[data-testid="user-menu"] > button');
  await page.click('[data-testid="open-login"]');
  await expect(page.locator('.modal .modal-title')).toHaveText(tr('en', 'auth.login.title'), { useInnerText: true });
});

test('after a deploy, the player bar whose chunk is gone: warmed, it stays quiet; played, the page reloads once, then a notice offers the reload', async ({
  newPage,
}) => {
  const page = await newPage();
  const loads = countLoads(page);
  let asked = 0;
  await page.route(PLAYER_CHUNK, (route) => {
    asked += 1;
    return gone(route);
  });
  await open(page, '/library');
  const newVersion = page.getByTestId('notice').filter({ hasText: tr('ko', 'errors.newVersionTitle') });
  // The list warms the bar's code while idle: its failure reloads nothing and says nothing.
  await expect.poll(() => asked, { message: 'the idle warm-up asked for the chunk' }).toBeGreaterThan(0);
  await page.waitForTimeout(500);
  expect(loads(), 'no reload for the warm-up').toBe(1);
  await expect(newVersion).toHaveCount(0);

  // Play asks for the bar: the page reloads once for the new version.
  await page.getByTestId('row-play').first().click();
  await expect.poll(loads, { message: 'one reload after play' }).toBe(2);
  await expect(page.getByRole('heading', { level: 1, name: tr('ko', 'library.title') })).toBeVisible();

  // Still gone after the reload: no loop, a notice says a new version is out; its button reloads.
  await page.getByTestId('row-play').first().click();
  await expect(newVersion).toBeVisible();
  await page.waitForTimeout(1000);
  expect(loads(), 'one reload, then the notice').toBe(2);
  await page.unroute(PLAYER_CHUNK);
  await newVersion.getByRole('button', { name: tr('ko', 'errors.reload') }).click();
  await expect.poll(loads).toBe(3);
  await page.getByTestId('row-play').first().click();
  await expect(page.getByTestId('player-bar')).toBeVisible();
});
