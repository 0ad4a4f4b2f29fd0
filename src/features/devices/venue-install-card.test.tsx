// The admin app's "Add a tablet" card (issue 31): the venue laptop's install page as a QR code
// that decodes to the address the server gives; nothing at all when the server serves no install page.
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { Providers, stubFetch } from '../../app/test-helpers';
import { qrPath } from '../../components/qr-svg';
import { VenueInstallCard } from './venue-install-card';

/** Decode the card's QR code as a phone's camera would: modules drawn to pixels, then jsQR. */
function decode(text: string): string | null {
  const { size, d } = qrPath(text);
  const scale = 4;
  const m = 4;
  const w = (size + 2 * m) * scale;
  const px = new Uint8ClampedArray(w * w * 4).fill(255);
  for (const [, xs, ys] of d.matchAll(/M(\d+) (\d+)/g)) {
    const x = Number(xs) + m;
    const y = Number(ys) + m;
    for (let dy = 0; dy < scale; dy++) for (let dx = 0; dx < scale; dx++) {
      const i = ((y * scale + dy) * w + (x * scale + dx)) * 4;
      px[i] = px[i + 1] = px[i + 2] = 0;
    }
  }
  return jsQR(px, w, w)?.data ?? null;
}

describe('the install page QR code for tablets', () => {
  it('shows the address as a QR code that scans to it', async () => {
    stubFetch({ 'GET /moi/venue/install': { status: 200, body: { url: 'http://192.168.1.20:3001/' } } });
    render(<Providers><VenueInstallCard /></Providers>);
    await waitFor(() => expect(screen.getByTestId('venue-install-url')).toHaveTextContent('http://192.168.1.20:3001/'));
    const svg = screen.getByRole('img', { name: 'QR code of the install page for tablets' });
    expect(svg.getAttribute('data-qr')).toBe('http://192.168.1.20:3001/');
    expect(decode(svg.getAttribute('data-qr')!)).toBe('http://192.168.1.20:3001/');
    expect(screen.getByText('Add a tablet')).toBeInTheDocument();
  });

  it('shows nothing when the server serves no install page', async () => {
    const { requests } = stubFetch({ 'GET /moi/venue/install': { status: 200, body: { url: null } } });
    const { container } = render(<Providers><VenueInstallCard /></Providers>);
    await waitFor(() => expect(requests.length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('[data-testid="venue-install"]')).toBeNull();
  });
});
