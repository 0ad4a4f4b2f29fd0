import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createHydratingRouter } from './app/router';

const root = document.getElementById('root')!;

/** Renders its children; `done` once they are committed (for a hydrated page: once React has taken it over). */
function AfterHydration({ children, done }: { children: ReactNode; done: () => void }) {
  useEffect(() => done(), [done]);
  return children;
}
// The landing and the sign-in page arrive rendered at build time (server/prerender.ts): the page's
// lazy routes are loaded first, so the first render matches that HTML and React takes it over
// instead of drawing it again. Every other page (and the service worker's shell) starts from the
// loading screen.
// Hydrating inside a transition lets React yield to the browser between components (a default-priority
// hydration runs as one long task), so a tap on the page is not held up behind it.
if (root.dataset.prerendered) {
  // A form sent before React has taken the page over (sign-in typed in quickly on a slow network) is
  // held here, unseen by React, and sent again once the page is hydrated.
  let held: HTMLFormElement | null = null;
  const hold = (e: SubmitEvent) => {
    e.preventDefault();
    e.stopPropagation();
    held = e.target as HTMLFormElement;
  };
  document.addEventListener('submit', hold, true);
  const hydrated = () => {
    document.removeEventListener('submit', hold, true);
    if (held?.isConnected) held.requestSubmit();
  };
  void createHydratingRouter().then((router) =>
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <AfterHydration done={hydrated}>
            <App router={router} />
          </AfterHydration>
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
