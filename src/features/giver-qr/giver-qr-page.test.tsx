// The giver's own form (issue 30 item 4): opened from an invitation's QR it starts with the invited
// person's name, says in Tamil and English that nothing is kept until the counter saves, sends nothing,
// and shows a QR that carries the entry with the invitation's ledger and person.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseGiverQr } from '../../../contract/giver-qr';
import i18n from '../../lib/i18n';
import { en } from '../../locales/en';
import { ta } from '../../locales/ta';
import GiverQrPage from './giver-qr-page';

afterEach(() => vi.restoreAllMocks());

describe('/qr', () => {
  it('from an invitation: pre-filled, consent in both languages, nothing sent, a QR with the entry and the invited person', async () => {
    await act(async () => { i18n.addResourceBundle('en', 'translation', { giverQr: en.giverQr }, true, true); await i18n.changeLanguage('en'); });
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    render(<MemoryRouter initialEntries={['/qr?o=u-host&p=p-123&n=%E0%AE%AE%E0%AF%81%E0%AE%B0%E0%AF%81%E0%AE%95%E0%AE%A9%E0%AF%8D&v=Melur']}><GiverQrPage /></MemoryRouter>);
    expect(screen.getByLabelText(en.giverQr.name)).toHaveValue('முருகன்');
    expect(screen.getByLabelText(en.giverQr.village)).toHaveValue('Melur');
    const consent = screen.getByTestId('giver-qr-consent');
    expect(consent).toHaveTextContent(en.giverQr.consent);
    expect(consent).toHaveTextContent(ta.giverQr.consent);
    fireEvent.change(screen.getByLabelText(en.giverQr.mobile), { target: { value: '98765' } });
    fireEvent.click(screen.getByRole('button', { name: en.giverQr.make }));
    expect(screen.getByRole('alert')).toHaveTextContent(en.giverQr.needMobile);
    fireEvent.change(screen.getByLabelText(en.giverQr.mobile), { target: { value: '9876543210' } });
    fireEvent.change(screen.getByLabelText(en.giverQr.kin), { target: { value: 'Meenakshi' } });
    fireEvent.change(screen.getByLabelText(en.giverQr.amount), { target: { value: '1001' } });
    fireEvent.click(screen.getByRole('button', { name: en.giverQr.make }));
    const qr = screen.getByRole('img', { name: en.giverQr.qrLabel });
    expect(parseGiverQr(qr.getAttribute('data-qr')!)).toEqual({
      name: 'முருகன்', initial: '', kin: 'Meenakshi', village: 'Melur', mobile: '9876543210', amount: 1001, ownerId: 'u-host', personId: 'p-123', eventId: null,
    });
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
