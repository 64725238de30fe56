import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './server';

const DIR = path.join(REPO_ROOT, 'docs/screenshots');

/** Writes docs/screenshots/<name>.png (overwritten on every run) once the page has settled. */
export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(DIR, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(DIR, `${name}.png`), animations: 'disabled', caret: 'hide' });
}
