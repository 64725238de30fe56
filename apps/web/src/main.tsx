import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import './index.css';

const router = createAppRouter();
const app = (
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>
);

const container = document.getElementById('root')!;
// landing.html arrives already rendered: take its markup over instead of drawing it again.
if (container.hasChildNodes()) hydrateRoot(container, app);
else createRoot(container).render(app);
