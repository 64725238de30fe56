import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium; playwright-core gives every launch a fresh temporary profile. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function isLoopback(url: URL): boolean {
  return LOOPBACK_HOSTS.has(url.hostname) || url.hostname.endsWith('.localhost');
}

export interface StoredSession {
  token: string;
  user: unknown;
}

export interface GuardedPage {
  context: BrowserContext;
  page: Page;
  /** Requests to anything but loopback: aborted, and listed here so the test fails. */
  outsideRequests: string[];
  /** Uncaught exceptions thrown in the page. */
  pageErrors: string[];
  /** What the Content-Security-Policy blocked (the app must need nothing it forbids). */
  cspViolations: string[];
}

const CSP_VIOLATION = '[csp-violation]';

export interface OpenOptions {
  /** Seeds local storage (`auth_token`, `user`) as a signed-in browser has it. */
  session?: StoredSession;
  viewport?: { width: number; height: number };
  /** A phone's browser: touch input and the page's own viewport meta tag, as on a real handset. */
  mobile?: boolean;
  /** Extra local-storage entries for the app's origin. */
  localStorage?: Record<string, string>;
}

/** A new context (own storage, own cache) and page on the app's origin, guarded against outside requests. */
export async function openGuardedPage(
  browser: Browser,
  origin: string,
  options: OpenOptions = {},
): Promise<GuardedPage> {
  const storage: Record<string, string> = { ...options.localStorage };
  if (options.session) {
    storage.auth_token = options.session.token;
    storage.user = JSON.stringify(options.session.user);
  }
  const context = await browser.newContext({
    baseURL: origin,
    viewport: options.viewport ?? { width: 1366, height: 900 },
    isMobile: options.mobile ?? false,
    hasTouch: options.mobile ?? false,
    locale: 'en-US',
    timezoneId: 'Europe/Berlin',
    serviceWorkers: 'block',
  });
  if (Object.keys(storage).length > 0) {
    // Seeded once per tab, before the app's own scripts run, as if the user had signed in earlier.
    // (A storageState seed would cost an extra page load per context.)
    await context.addInitScript(
      ({ appOrigin, entries }) => {
        if (location.origin !== appOrigin || sessionStorage.getItem('e2e-seeded')) return;
        for (const [name, value] of entries) localStorage.setItem(name, value);
        sessionStorage.setItem('e2e-seeded', '1');
      },
      { appOrigin: origin, entries: Object.entries(storage) },
    );
  }
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(10_000);

  const outsideRequests: string[] = [];
  await context.route(
    (url) => !isLoopback(url),
    (route) => {
      outsideRequests.push(route.request().url());
      return route.abort('blockedbyclient');
    },
  );
  await context.routeWebSocket(
    (url) => !isLoopback(url),
    (socket) => {
      outsideRequests.push(socket.url());
      return socket.close({ code: 1008, reason: 'outside loopback' });
    },
  );
  const cspViolations: string[] = [];
  await context.addInitScript((marker) => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.warn(`${marker} ${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`),
    );
  }, CSP_VIOLATION);
  context.on('console', (message) => {
    if (message.text().startsWith(CSP_VIOLATION)) cspViolations.push(message.text());
  });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
  return { context, page, outsideRequests, pageErrors, cspViolations };
}
