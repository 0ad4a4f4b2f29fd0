import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { RouteError } from '../components/route-error';
import { setLanguage } from '../lib/i18n';
import { PreloadNotice, PRELOAD_ERROR_EVENT } from './preload-notice';
import { Providers } from './test-helpers';

beforeEach(() => setLanguage('en'));

function Boom(): never {
  throw new Error('kaboom');
}

describe('router fallback', () => {
  it("shows the exact heading 'Unexpected Application Error!' with a reload button", async () => {
    const router = createMemoryRouter([{ path: '/', element: <Boom />, errorElement: <RouteError /> }]);
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('kaboom')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('explains a failed chunk load as a new version and offers a reload, in Tamil too', async () => {
    setLanguage('ta');
    const router = createMemoryRouter([
      {
        path: '/',
        lazy: async () => {
          throw new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
        },
        errorElement: <RouteError />,
      },
    ]);
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText(/புதிய பதிப்பைப் பெற/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'மீண்டும் ஏற்று' })).toBeInTheDocument();
  });
});

describe('preload error', () => {
  it('a chunk that cannot be loaded shows a notice offering a reload; any other error carried by the event does not', async () => {
    render(
      <Providers>
        <PreloadNotice />
      </Providers>,
    );
    expect(screen.queryByTestId('preload-notice')).toBeNull();
    const preloadError = (payload: unknown) => Object.assign(new Event(PRELOAD_ERROR_EVENT, { cancelable: true }), { payload });
    // An API call chained onto a dynamic import that fails offline is not a missing chunk: no notice.
    act(() => {
      window.dispatchEvent(preloadError(new TypeError('Failed to fetch')));
    });
    expect(screen.queryByTestId('preload-notice')).toBeNull();
    act(() => {
      window.dispatchEvent(preloadError(new TypeError('Failed to fetch dynamically imported module: https://moi.example/assets/ledger-page-abc123.js')));
    });
    expect(await screen.findByTestId('preload-notice')).toHaveTextContent('A new version is available');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
