// The router (data mode): every route lazy, the signed-in routes inside the lazy layout1 frame.
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { LoadingScreen } from '../components/loading-screen';
import { RouteError } from '../components/route-error';
import { loadAppCatalogues } from '../lib/i18n';
import { RootShell } from './root-shell';
import { appRoutes, PUBLIC_PATHS, type AppRoute } from './route-table';

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

export function buildRoutes(routes: AppRoute[] = appRoutes): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootShell,
      errorElement: <RouteError />,
      HydrateFallback: LoadingScreen,
      children: [
        { path: PUBLIC_PATHS.landing, lazy: page(() => import('../features/landing/landing-page')) },
        { path: PUBLIC_PATHS.privacy, lazy: page(() => import('../features/landing/privacy-page')) },
        { path: PUBLIC_PATHS.terms, lazy: page(() => import('../features/landing/terms-page')) },
        { path: PUBLIC_PATHS.signin, lazy: page(() => import('../features/auth/signin-page')) },
        {
          id: 'signed-in',
          lazy: page(() => loadAppCatalogues().then(() => import('./signed-in-layout'))),
          errorElement: <RouteError />,
          children: routes.map((r) => ({ path: r.path, handle: { route: r }, lazy: page(r.load), errorElement: <RouteError /> })),
        },
        { path: '*', lazy: page(() => import('../features/landing/not-found-page')) },
      ],
    },
  ];
}

export const createAppRouter = () => createBrowserRouter(buildRoutes());
