import { expect } from 'vitest';
import type { Dialog, Locator, Page } from 'playwright-core';

/** Waiting helpers on top of Playwright's auto-waiting locators: no fixed sleeps anywhere. */

const TIMEOUT_MS = 10_000;

export function visible(locator: Locator) {
  return locator.waitFor({ state: 'visible' });
}

/** Waits until the element is hidden or gone from the page. */
export function hidden(locator: Locator) {
  return locator.waitFor({ state: 'hidden' });
}

export function atPath(page: Page, pathname: string) {
  return page.waitForURL((url) => url.pathname === pathname);
}

/** Retries `read` until the assertion chained on it holds (or 10 s pass). */
export function poll<T>(read: () => T | Promise<T>, message?: string) {
  return expect.poll(read, { timeout: TIMEOUT_MS, interval: 50, message });
}

export function storageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => localStorage.getItem(k), key);
}

export interface DialogSeen {
  type: string;
  message: string;
}

/**
 * Answers the next alert/confirm/prompt with `respond` and resolves with what it said.
 * Register it before the click that opens the dialog: an unanswered dialog blocks the page.
 */
export function answerNextDialog(page: Page, respond: (dialog: Dialog) => Promise<void>): Promise<DialogSeen> {
  return new Promise((resolve) => {
    page.once('dialog', async (dialog) => {
      const seen = { type: dialog.type(), message: dialog.message() };
      await respond(dialog);
      resolve(seen);
    });
  });
}

/**
 * Ticks a platform in a publish form. YouTube's card then grows once the channel's playlists arrive, moving
 * every card below it: this waits for them, so that the next click lands where its target is now.
 */
export async function tickPlatform(form: Locator, label: string) {
  await form.getByRole('checkbox', { name: label, exact: true }).check();
  if (label === 'YouTube')
    await visible(
      form.getByRole('group', { name: /^Playlists/ }).getByRole('checkbox', { name: 'Shorts', exact: true }),
    );
}
