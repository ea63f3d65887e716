import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Screenshots CI keeps (and README links to). */
export const SCREENSHOT_DIR = path.resolve(here, '../artifacts/screenshots');

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const viewport = page.viewportSize();
  const file = path.join(SCREENSHOT_DIR, `${name}-${viewport?.width ?? 0}x${viewport?.height ?? 0}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/** Serious or critical axe violations on the current page, as readable lines. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}
