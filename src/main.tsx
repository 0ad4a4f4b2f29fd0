import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createHydratingRouter } from './app/router';

const root = document.getElementById('root')!;
// The landing and the sign-in page arrive rendered at build time (server/prerender.ts): the page's
// lazy routes are loaded first, so the first render matches that HTML and React takes it over
// instead of drawing it again. Every other page (and the service worker's shell) starts from the
// loading screen.
// Hydrating inside a transition lets React yield to the browser between components (a default-priority
// hydration runs as one long task), so a tap on the page is not held up behind it.
if (root.dataset.prerendered) {
  void createHydratingRouter().then((router) =>
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App router={router} />
        </StrictMode>,
      );
    }),
  );
} else {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
