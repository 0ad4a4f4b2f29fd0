// Test-only render helper: i18n and a memory router. No MantineProvider: the public pages render without
// Mantine in the app, so they must work without it here too.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import i18n from '../../lib/i18n';

export async function renderPage(ui: ReactElement, { path = '/', lang = 'en' }: { path?: string; lang?: 'en' | 'ta' } = {}) {
  await i18n.changeLanguage(lang);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/session/signin" element={<h1>Sign-in page</h1>} />
        <Route path="*" element={ui} />
      </Routes>
    </MemoryRouter>,
  );
}

export { setOnline, setVisibility, stubReducedMotion } from '../../../tests/support/dom-stubs';
