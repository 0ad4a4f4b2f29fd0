/// <reference lib="webworker" />
// The service worker: precache the app shell (every route chunk, fonts, icons), answer navigations
// with index.html (never /moi/ API paths), runtime-cache profile pictures, and wait for the
// page's SKIP_WAITING before taking over (prompt-style updates).
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// No route matches an API call, so the browser handles those itself: nothing under /moi/ (the
// sync calls, the live stream /moi/sync/live) is cached or answered here, profile pictures aside.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/moi\//] }));

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.pathname.startsWith('/moi/user/profile-image/'),
  new CacheFirst({
    cacheName: 'profile-images',
    plugins: [new ExpirationPlugin({ maxEntries: 50, maxAgeSeconds: 30 * 86_400 })],
  }),
);

self.addEventListener('message', (event) => {
  if (event.data && (event.data as { type?: string }).type === 'SKIP_WAITING') void self.skipWaiting();
});
