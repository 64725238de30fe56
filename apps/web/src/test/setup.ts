import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { forgetChecks } from '@/features/library/upload-checks';
import { forgetUploads } from '@/features/library/uploads-store';

// Screens load on demand; under a busy test run (browser tests beside these) the first chunk can take seconds.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no layout: scrolling is a no-op there.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  forgetUploads();
  forgetChecks();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
