// Test-only helper (imported by *.test.tsx, never by the app): renders a page with the providers
// it needs — Mantine with its notifications, i18n in the chosen language, a memory router at the given address.
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import i18n from '../../lib/i18n';

// Live queries over fake IndexedDB answer in tens of ms, but on a busy 2-core machine running the
// whole suite they can take seconds: wait up to 8 s before calling a screen wrong.
configure({ asyncUtilTimeout: 8000 });

export async function renderPage(ui: ReactNode, { path = '/', lang = 'en' }: { path?: string; lang?: 'en' | 'ta' } = {}) {
  await i18n.changeLanguage(lang);
  return render(
    <MantineProvider env="test">
      <Notifications />
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </MantineProvider>,
  );
}
