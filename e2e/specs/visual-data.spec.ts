import path from 'node:path';
import type { Page } from '@playwright/test';
import { animationsDone, seriousViolations, settle, THEMES } from '../axe';
import { audioFile, furnish, SPECIAL } from '../data';
import { SCREENSHOTS, createAccount, open } from '../app';
import { expect, test } from '../test';
import { row, settledResults } from './ui';

/** Screenshot and axe of what is on screen now; returns the problems found. */
async function check(page: Page, name: string): Promise<string[]> {
  await animationsDone(page);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
  return (await seriousViolations(page)).map((v) => `${name}: ${v}`);
}

test('axe with data in both themes: a playlist, the player, filters, menus, modals, details, the manager, the upload review, phones', async ({
  newPage,
  themedPage,
}) => {
  test.setTimeout(480_000);
  const account = await createAccount('접근성');
  const [, vlog] = await furnish(account);
  const session = { ACCESS_TOKEN: account.token, USER_INFO: JSON.stringify({ ...account.user, level: 5 }) };
  const problems: string[] = [];
  for (const theme of THEMES) {
    const page = await themedPage('ko', theme, session);
    await open(page, `/playlist/${vlog!.id}`);
    await settle(page);
    await settledResults(page);
    problems.push(...(await check(page, `ko-${theme}-data-playlist`)));

    await row(page, SPECIAL.calmPiano).locator('[data-testid="track-time"]').click();
    await page.locator('[data-testid="player-waveform"][data-state="ready"]').waitFor();
    problems.push(...(await check(page, `ko-${theme}-data-player`)));

    await page.locator('[data-testid="filter-genre"] > button').click();
    problems.push(...(await check(page, `ko-${theme}-data-genre-dropdown`)));
    await page.keyboard.press('Escape');
    await page.locator('[data-testid="filter-keybpm"] > button').click();
    problems.push(...(await check(page, `ko-${theme}-data-keybpm-panel`)));
    await page.keyboard.press('Escape');

    await row(page, SPECIAL.calmPiano).locator('[data-testid="row-menu"] button[aria-haspopup="menu"]').click();
    problems.push(...(await check(page, `ko-${theme}-data-row-menu`)));
    await page.keyboard.press('Escape');

    await row(page, SPECIAL.calmPiano).locator('[data-testid="row-add"]').click();
    await page.locator('[data-testid="choose-playlist-list"]').waitFor();
    problems.push(...(await check(page, `ko-${theme}-data-choose-playlist`)));
    await page.keyboard.press('Escape');
    await page.locator('[data-testid="choose-playlist-modal"]').waitFor({ state: 'detached' });

    await page.locator('[data-testid="open-filter-modal"]').click();
    await page.locator('[data-testid="filter-modal"]').waitFor();
    problems.push(...(await check(page, `ko-${theme}-data-filter-modal`)));
    await page.keyboard.press('Escape');
    await page.locator('[data-testid="filter-modal"]').waitFor({ state: 'detached' });

    await row(page, SPECIAL.calmPiano).locator('[data-testid="row-menu"] button[aria-haspopup="menu"]').click();
    await row(page, SPECIAL.calmPiano).locator('[data-testid="row-details"]').click();
    await page.locator('[data-testid="track-details"]').waitFor();
    problems.push(...(await check(page, `ko-${theme}-data-details`)));
    await page.keyboard.press('Escape');
    await page.locator('[data-testid="track-details"]').waitFor({ state: 'detached' });

    await page.locator(`[data-testid="side-playlist"][data-playlist-id="${vlog!.id}"]`).hover();
    await page.locator(`[data-testid="side-playlist"][data-playlist-id="${vlog!.id}"] [data-testid="side-delete"]`).click();
    await page.locator('[data-testid="side-delete-modal"]').waitFor();
    problems.push(...(await check(page, `ko-${theme}-data-delete-confirm`)));
    await page.keyboard.press('Escape');

    await page.locator('[data-testid="side-playlists"]').click();
    await page.locator('[data-testid="manager-entry"]').nth(3).locator('.sori-manager-select').click();
    await page.locator('[data-testid="manager-selected"]').waitFor();
    problems.push(...(await check(page, `ko-${theme}-data-manager`)));

    await open(page, '/upload');
    await settledResults(page);
    await page.locator('[data-testid="upload-input"]').setInputFiles(audioFile(`리뷰 ${theme}.wav`, 3, 90));
    await page.locator('[data-testid="upload-item"][data-phase="review"]').waitFor({ timeout: 20_000 });
    problems.push(...(await check(page, `ko-${theme}-data-upload-review`)));
    await page.context().close();

    const phone = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, bypassCSP: true, reducedMotion: 'reduce' });
    await phone.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await phone.addInitScript(
      ([t, u]) => {
        localStorage.setItem('ACCESS_TOKEN', t!);
        localStorage.setItem('USER_INFO', u!);
      },
      [session.ACCESS_TOKEN, session.USER_INFO],
    );
    await open(phone, `/playlist/${vlog!.id}`);
    await settle(phone);
    await settledResults(phone);
    await phone.locator('[data-testid="track-row"]').first().locator('[data-testid="track-time"]').click();
    await phone.locator('[data-testid="player-bar"]').waitFor();
    problems.push(...(await check(phone, `ko-${theme}-phone-data-playlist`)));
    await phone.locator('[data-testid="filter-moods"] > button').click();
    problems.push(...(await check(phone, `ko-${theme}-phone-data-moods`)));
    await phone.context().close();
  }
  expect(problems, 'axe serious/critical violations').toEqual([]);
});
