/** axe-core runs for the accessibility tests (themed pages are the `themedPage` fixture in e2e/test.ts). */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { ROOT } from './app';

const AXE = path.join(ROOT, 'node_modules/axe-core/axe.min.js');
export const THEMES = ['light', 'dark'] as const;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core on the page and returns the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations as AxeViolation[];
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

/** Waits until no CSS transition or animation runs (a panel or menu has finished opening). */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

export async function settle(page: Page): Promise<void> {
  await page.locator('[data-testid="page-title"]').waitFor();
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
}
