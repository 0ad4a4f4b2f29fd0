// The app: global styles and fonts, i18n, providers, and the router.
// Only Mantine's reset, default CSS variables and global classes block the first paint (the public
// pages use these); the components' styles come with Mantine's provider (lib/mantine-frame.css) and
// the signed-in layout (app/mantine-app.css).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './fonts';
import '../lib/i18n';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './providers';
import { createAppRouter, type AppRouter } from './router';

export function App({ router: given }: { router?: AppRouter }) {
  const [router] = useState(() => given ?? createAppRouter());
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
