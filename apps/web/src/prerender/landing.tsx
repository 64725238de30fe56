import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { PublicConfig } from '@fanout/contracts';
import { AppProvider, createQueryClient } from '@/app/provider';
import { routes } from '@/app/router';
import { publicConfigQueryOptions } from '@/features/config/api/get-public-config';

/**
 * Where the product name goes in the prerendered page: the server puts its PRODUCT_NAME there when it serves
 * /landing, as the page carries no script that could ask for it.
 */
export const PRODUCT_NAME_SLOT = '__FANOUT_PRODUCT_NAME__';

/**
 * The landing page as HTML, rendered at build time with the same tree the app renders at /landing. It is
 * served without the app's scripts: its links are plain links to /login and /signup, which load the app.
 */
export function renderLanding(): string {
  const queryClient = createQueryClient();
  const config: PublicConfig = {
    productName: PRODUCT_NAME_SLOT,
    signIn: { passkeys: false, identityProviders: [] },
    uploads: { maxBytes: 1 },
    covers: { publicAddress: false },
  };
  queryClient.setQueryData(publicConfigQueryOptions().queryKey, config);
  const router = createMemoryRouter(routes, { initialEntries: ['/landing'] });
  return renderToString(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
}
