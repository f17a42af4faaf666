import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Music } from '@sori/contract';
import { clicks } from '../../apps/server/test/fixtures/audio';
import { seriousViolations } from '../axe';
import { api, upload } from '../data';
import { createAccount, open, tr } from '../app';
import { expect, test } from '../test';
import { row } from './ui';

const MODE_KO = { major: '장조', minor: '단조' } as const;

test('analysis: an unsure key waits for the uploader, who confirms it; the details panel names it with its mode', async ({
  signedInPage,
}) => {
  const account = await createAccount('메트로놈');
  const dir = mkdtempSync(path.join(tmpdir(), 'sori-e2e-clicks-'));
  let m: Music;
  try {
    // A metronome: a sure tempo (120), an unsure "key" (two sine clicks).
    m = await upload(account, await clicks(path.join(dir, '메트로놈.wav'), 120, 12));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  expect([m.bpm, m.soundkey, m.keyMode], 'the unsure key is not published').toEqual([120, null, null]);
  const s = m.suggested!;
  expect(s && s.soundkey && s.keyMode, `a key is suggested (${JSON.stringify(s)})`).toBeTruthy();
  const label = `${s.soundkey} ${MODE_KO[s.keyMode!]}`;

  // bypassCSP: axe-core is injected as a script tag.
  const page = await signedInPage(account, { bypassCSP: true });
  await open(page, '/upload');
  const ownRow = row(page, '메트로놈');
  await ownRow.waitFor();
  await expect(ownRow.locator('[data-testid="track-key"]'), 'no key in the list yet').toHaveText('-', { useInnerText: true });
  await ownRow.locator('[data-testid="row-menu"] button[aria-haspopup="menu"]').click();
  await ownRow.locator('[data-testid="row-edit"]').click();
  const edit = page.locator('[data-testid="edit-track-modal"]');
  const offer = edit.locator('[data-testid="unsure-suggestions"]');
  await offer.waitFor();
  await expect(offer.locator('[data-testid="suggested-key"]'), 'Suggested: <key> <mode>').toHaveText(
    tr('ko', 'keyMode.suggestedKey', { key: label }),
    { useInnerText: true },
  );
  await expect(offer.locator('[data-testid="suggested-bpm"]'), 'the sure tempo is not offered').toHaveCount(0);
  const confirm = offer.locator('[data-testid="confirm-key"]');
  await expect(confirm, 'the button says what it confirms').toHaveAttribute('aria-label', tr('ko', 'keyMode.confirmKey', { key: label }));
  expect((await seriousViolations(page)).join('\n'), 'no serious axe violations').toEqual('');
  await confirm.focus();
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => (await api<{ content: Music[] }>('/my/musics', { token: account.token })).content[0]!.soundkey, {
      message: 'confirmed key stored',
    })
    .toEqual(s.soundkey);
  // Said, and the focus stays in the dialog on what was said (the button it was on is gone).
  await expect(offer.locator('[data-testid="confirmed-suggestion"]')).toHaveText(tr('ko', 'keyMode.confirmedKey', { key: label }));
  await expect(offer.locator('[data-testid="confirm-key"]')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('confirmed-suggestion');
  await page.keyboard.press('Escape');
  await edit.waitFor({ state: 'hidden' });

  await expect(ownRow.locator('[data-testid="track-key-shown"]'), 'the list shows the key').toHaveText(
    `${s.soundkey}${s.keyMode === 'minor' ? 'm' : ''}`,
    {
      useInnerText: true,
    },
  );
  await ownRow.locator('[data-testid="row-menu"] button[aria-haspopup="menu"]').click();
  await ownRow.locator('[data-testid="row-details"]').click();
  const panel = page.locator('[data-testid="track-details"]');
  await panel.waitFor();
  const facts = await panel.locator('[data-testid="details-list"]').innerText();
  expect(facts.includes(label), `details show '${label}' (${facts})`).toBeTruthy();
});
