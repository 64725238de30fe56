import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { forgetChecks } from '@/features/library/upload-checks';
import { forgetUploads } from '@/features/library/uploads-store';

// Screens load on demand; under a busy test run the first chunk can take more than a second.
configure({ asyncUtilTimeout: 5000 });

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
