import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';

/**
 * The landing page as HTML, rendered at build time with the same tree the browser hydrates, so a
 * visitor sees the page before any script has run.
 */
export function renderLanding(): string {
  const router = createMemoryRouter(routes, { initialEntries: ['/landing'] });
  return renderToString(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
}
