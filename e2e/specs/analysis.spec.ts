import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Music } from '@sori/contract';
import { clicks } from '../../apps/server/test/fixtures/audio';
import { seriousViolations } from '../axe';
import { api, upload } from '../data';
import { createAccount, eventually, expectEqual, expectTrue, open, signedInPage, test, tr } from '../harness';
import { row } from './ui';

const MODE_KO = { major: '장조', minor: '단조' } as const;

test('analysis: an unsure key waits for the uploader, who confirms it; the details panel names it with its mode', async (ctx) => {
  const account = await createAccount('메트로놈');
  const dir = mkdtempSync(path.join(tmpdir(), 'sori-e2e-clicks-'));
  let m: Music;
  try {
    // A metronome: a sure tempo (120), an unsure "key" (two sine clicks).
    m = await upload(account, await clicks(path.join(dir, '메트로놈.wav'), 120, 12));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  expectEqual([m.bpm, m.soundkey, m.keyMode], [120, null, null], 'the unsure key is not published');
  const s = m.suggested!;
  expectTrue(s && s.soundkey && s.keyMode, `a key is suggested (${JSON.stringify(s)})`);
  const label = `${s.soundkey} ${MODE_KO[s.keyMode!]}`;

  // bypassCSP: axe-core is injected as a script tag.
  const page = await signedInPage(ctx, account, { bypassCSP: true });
  await open(page, '/upload');
  const ownRow = row(page, '메트로놈');
  await ownRow.waitFor();
  expectEqual(await ownRow.locator('[data-testid="track-key"]').innerText(), '-', 'no key in the list yet');
  await ownRow.locator('[data-testid="row-menu"] button[aria-haspopup="menu"]').click();
  await ownRow.locator('[data-testid="row-edit"]').click();
  const edit = page.locator('[data-testid="edit-track-modal"]');
  const offer = edit.locator('[data-testid="unsure-suggestions"]');
  await offer.waitFor();
  expectEqual(await offer.locator('[data-testid="suggested-key"]').innerText(), tr('ko', 'keyMode.suggestedKey', { key: label }), 'Suggested: <key> <mode>');
  expectEqual(await offer.locator('[data-testid="suggested-bpm"]').count(), 0, 'the sure tempo is not offered');
  const confirm = offer.locator('[data-testid="confirm-key"]');
  expectEqual(await confirm.getAttribute('aria-label'), tr('ko', 'keyMode.confirmKey', { key: label }), 'the button says what it confirms');
  expectEqual((await seriousViolations(page)).join('\n'), '', 'no serious axe violations');
  await confirm.focus();
  await page.keyboard.press('Enter');
  await eventually(async () => (await api<{ content: Music[] }>('/my/musics', { token: account.token })).content[0]!.soundkey, s.soundkey, 'confirmed key stored');
  await offer.waitFor({ state: 'detached' });
  await page.keyboard.press('Escape');
  await edit.waitFor({ state: 'hidden' });

  await eventually(() => ownRow.locator('[data-testid="track-key"]').innerText(), s.soundkey!, 'the list shows the key');
  await ownRow.locator('[data-testid="row-menu"] button[aria-haspopup="menu"]').click();
  await ownRow.locator('[data-testid="row-details"]').click();
  const panel = page.locator('[data-testid="track-details"]');
  await panel.waitFor();
  const facts = await panel.locator('[data-testid="details-list"]').innerText();
  expectTrue(facts.includes(label), `details show '${label}' (${facts})`);
});
