// Build-time rendering of the landing and the sign-in page (server/prerender.ts builds this file for
// Node and calls prerenderPage): the HTML a first visit shows before any JavaScript has run, which
// src/main.tsx then hydrates. The same route tree, providers and catalogues as the browser's; each
// page as a visitor with nothing stored on the device sees it (not signed in, default theme).
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import i18n, { type Language } from './lib/i18n';
import { AppProviders } from './app/providers';
import { buildRoutes } from './app/router';

export async function prerenderPage(pathname: string, lang: Language): Promise<string> {
  await i18n.changeLanguage(lang);
  const handler = createStaticHandler(buildRoutes());
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error(`prerender ${pathname}: the router answered with a redirect`);
  if (context.statusCode !== 200) throw new Error(`prerender ${pathname}: status ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders>
        {/* No hydration data: the routes have no loaders, and the browser resolves the page's lazy routes before hydrating. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
