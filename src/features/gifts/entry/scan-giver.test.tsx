// Issue 30 item 4 at the counter: "Scan giver's QR" reads the code the giver made at /qr and fills the
// entry; from an invitation the saved gift names the invited ledger person (gift.create's
// ledgerPersonId, as Alt+L does); the staff confirm with one key. The browser's camera and
// BarcodeDetector are the browser's: here a stream of one track and a detector that sees one code.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { encodeGiverQr, type GiverQr } from '../../../../contract/giver-qr';
import { db } from '../../../data/db';
import i18n from '../../../lib/i18n';
import GiftEntryPage from '../gift-entry-page';
import { renderPage, seedDevice } from '../test-fixtures';

const invited: GiverQr = {
  name: 'Arumugam', initial: 'K.', kin: 'Valli', village: 'Melur', mobile: '9876543210', amount: 1001,
  ownerId: 'u-host', personId: 'p-invited', eventId: null,
};

let seen: string[] = [];
let track: { stop: ReturnType<typeof vi.fn> };
let getUserMedia: ReturnType<typeof vi.fn>;

function field(label: RegExp): HTMLInputElement {
  const el = screen.getAllByLabelText(label).find((e) => e.tagName === 'INPUT');
  if (!el) throw new Error(`no input labelled ${label}`);
  return el as HTMLInputElement;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await seedDevice();
  seen = [];
  track = { stop: vi.fn() };
  getUserMedia = vi.fn(async () => ({ getTracks: () => [track] }));
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  (globalThis as Record<string, unknown>).BarcodeDetector = class {
    static getSupportedFormats = async () => ['qr_code'];
    detect = async () => seen.map((rawValue) => ({ rawValue }));
  };
});

afterEach(() => {
  vi.restoreAllMocks();
  delete (globalThis as Record<string, unknown>).BarcodeDetector;
});

async function openScanner() {
  renderPage(<GiftEntryPage />);
  const user = userEvent.setup();
  await screen.findByLabelText(/Giver's name/, {}, { timeout: 4000 });
  await user.click(screen.getByRole('button', { name: /Scan giver’s QR/ }));
  await screen.findByRole('dialog', { name: 'Scan the giver’s QR' });
  return user;
}

describe('counter: scan the giver’s QR', () => {
  it('fills the form from an invitation’s code, focuses Save, stops the camera, and one Enter saves the gift linked to the invited person', async () => {
    const user = await openScanner();
    expect(getUserMedia).toHaveBeenCalledWith(expect.objectContaining({ video: expect.objectContaining({ facingMode: { ideal: 'environment' } }) }));
    seen = [encodeGiverQr(invited)];
    await waitFor(() => expect(field(/Giver's name/).value).toBe('Arumugam'), { timeout: 3000 });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(track.stop).toHaveBeenCalled();
    expect(field(/^Initial/).value).toBe('K.');
    expect(field(/^Village/).value).toBe('Melur');
    expect(field(/^Spouse's or father's name/).value).toBe('Valli');
    expect(field(/^Mobile/).value).toBe('9876543210');
    expect(field(/^Amount/).value).toBe('1001');
    expect(screen.getByTestId('scan-linked')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' })));

    await user.keyboard('{Enter}');
    await waitFor(async () => expect(await db.gifts.count()).toBe(1));
    const [g] = await db.gifts.toArray();
    expect(g).toMatchObject({ name: 'Arumugam', initial: 'K.', village: 'Melur', mobile: '9876543210', amount: 1001, mode: 'cash' });
    const [row] = await db.outbox.toArray();
    expect((row.args as { ledgerPersonId?: string; kinName?: string }).ledgerPersonId).toBe('p-invited');
    expect((row.args as { kinName?: string }).kinName).toBe('Valli');
  });

  it('without an amount in the code, the amount is next: typed and Enter saves; a queue code links no one', async () => {
    const user = await openScanner();
    seen = [encodeGiverQr({ ...invited, amount: null, ownerId: null, personId: null, eventId: 'ev-1' })];
    await waitFor(() => expect(field(/Giver's name/).value).toBe('Arumugam'), { timeout: 3000 });
    await waitFor(() => expect(document.activeElement).toBe(field(/^Amount/)));
    expect(screen.queryByTestId('scan-linked')).toBeNull();
    await user.keyboard('501{Control>}{Enter}{/Control}');
    await waitFor(async () => expect(await db.gifts.count()).toBe(1));
    const [row] = await db.outbox.toArray();
    expect(row.args).toMatchObject({ name: 'Arumugam', amount: 501 });
    expect((row.args as { ledgerPersonId?: string }).ledgerPersonId).toBeUndefined();
  });

  it('says so for a code that is not a Moi giver’s, keeps looking, and Esc closes it with the camera stopped and the form untouched', async () => {
    const user = await openScanner();
    seen = ['https://example.com/menu'];
    expect(await screen.findByTestId('scan-not-moi', {}, { timeout: 3000 })).toHaveTextContent('not a Moi giver’s code');
    expect(track.stop).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(track.stop).toHaveBeenCalled();
    expect(field(/Giver's name/).value).toBe('');
  });

  it('a refused camera and a missing camera are said plainly, in English and Tamil', async () => {
    getUserMedia.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    await openScanner();
    expect(within(await screen.findByTestId('scan-error')).getByText(/camera is not allowed/)).toBeInTheDocument();

    await i18n.changeLanguage('ta');
    getUserMedia.mockRejectedValue(new DOMException('none', 'NotFoundError'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'மீண்டும் முயல்க' }));
    expect(await within(await screen.findByTestId('scan-error')).findByText(/பயன்படுத்தக்கூடிய கேமரா இல்லை/)).toBeInTheDocument();
  });
});
