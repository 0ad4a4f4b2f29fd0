// The router (data mode): every route lazy. The public pages (landing, privacy, terms, not found) render
// without Mantine; sign-in and the signed-in routes (inside the lazy layout1 frame) sit in the lazy
// themed layout that brings MantineProvider. Each waits for its catalogue part in the active language.
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { giverQrPath, guestDisplayPath, receiptVerifyPath } from '../../contract/app-paths';
import { LoadingScreen } from '../components/loading-screen';
import { RouteError } from '../components/route-error';
import { languageReady, loadAppCatalogues, type CataloguePart } from '../lib/i18n';
import { RootShell } from './root-shell';
import { PUBLIC_PATHS, routeDefs, type PageModule, type RouteDef } from './route-defs';

/** A lazy route: its module and (in parallel) the catalogue part its texts are in, active language only. */
const page = (load: () => Promise<{ default: React.ComponentType }>, part?: CataloguePart) => async () => {
  const [mod] = await Promise.all([load(), part ? languageReady(part) : undefined]);
  return { Component: mod.default };
};

/** A signed-in route; without `load` its page comes through route-table.ts (loaded with the app). */
type SignedInRoute = RouteDef & { load?: () => Promise<PageModule> };
const pageOf = (r: SignedInRoute) => r.load ?? (() => import('./route-table').then((m) => m.loadPage(r.page)));

export function buildRoutes(routes: SignedInRoute[] = routeDefs): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootShell,
      errorElement: <RouteError />,
      HydrateFallback: LoadingScreen,
      children: [
        { path: PUBLIC_PATHS.landing, lazy: page(() => import('../features/landing/landing-page'), 'public') },
        { path: PUBLIC_PATHS.privacy, lazy: page(() => import('../features/landing/privacy-page'), 'public') },
        { path: PUBLIC_PATHS.terms, lazy: page(() => import('../features/landing/terms-page'), 'public') },
        { path: receiptVerifyPath, lazy: page(() => import('../features/verify/receipt-verify-page'), 'pages') },
        { path: guestDisplayPath, lazy: page(() => import('../features/guest/guest-page'), 'pages') },
        { path: giverQrPath, lazy: page(() => import('../features/giver-qr/giver-qr-page'), 'pages') },
        {
          id: 'themed',
          lazy: page(() => import('./themed-layout'), 'frame'),
          children: [
            { path: PUBLIC_PATHS.signin, lazy: page(() => import('../features/auth/signin-page'), 'frame') },
            {
              id: 'signed-in',
              lazy: page(() => loadAppCatalogues().then(() => import('./signed-in-layout'))),
              errorElement: <RouteError />,
              children: routes.map((r) => ({ path: r.path, handle: { route: r }, lazy: page(pageOf(r)), errorElement: <RouteError /> })),
            },
          ],
        },
        { path: '*', lazy: page(() => import('../features/landing/not-found-page'), 'public') },
      ],
    },
  ];
}

export const createAppRouter = () => createBrowserRouter(buildRoutes());
export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * The router for a page that arrived rendered (src/main.tsx): the lazy routes of the current
 * location (module and catalogue part) are loaded and put in place first, so the router starts
 * initialised and its first render is the page, as in the HTML, not the loading screen.
 */
export async function createHydratingRouter(): Promise<AppRouter> {
  const routes = buildRoutes();
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
  return createBrowserRouter(routes);
}
