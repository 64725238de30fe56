import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
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

// The prerendered landing page (landing.html) carries no script: this runs on the app's own pages only.
createRoot(document.getElementById('root')!).render(app);
