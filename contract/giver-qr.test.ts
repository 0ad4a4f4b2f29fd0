import { describe, expect, it } from 'vitest';
import { encodeGiverQr, GIVER_QR_MAX, giverFormLink, parseGiverQr, type GiverQr } from './giver-qr';

const g: GiverQr = { name: 'முருகன்', initial: 'க', kin: 'மீனாட்சி', village: 'மேலூர்', mobile: '9876543210', amount: 1001, ownerId: 'u-host', personId: '01931a2b-3c4d-7e8f-9012-345678901234', eventId: null };

describe('the giver\'s QR', () => {
  it('carries the giver in the code and reads back the same (Tamil too)', () => {
    const text = encodeGiverQr(g);
    expect(text.length).toBeLessThan(GIVER_QR_MAX);
    expect(parseGiverQr(text)).toEqual(g);
    expect(parseGiverQr(encodeGiverQr({ ...g, amount: null, mobile: '', ownerId: null, personId: null, eventId: 'ev-1' }))).toMatchObject({ amount: null, mobile: '', eventId: 'ev-1', personId: null });
  });
  it('refuses what is not a giver\'s QR, and drops bad fields rather than trusting them', () => {
    expect(parseGiverQr('https://example.com')).toBeNull();
    expect(parseGiverQr('MOI-G1:{broken')).toBeNull();
    expect(parseGiverQr('MOI-G1:{"n":"  "}')).toBeNull();
    expect(parseGiverQr(`MOI-G1:{"n":"${'x'.repeat(700)}"}`)).toBeNull();
    expect(parseGiverQr('MOI-G1:{"n":"Ravi","m":"123","a":-5,"p":"../../x"}')).toMatchObject({ name: 'Ravi', mobile: '', amount: null, personId: null });
  });
  it('the invitation\'s link names the ledger, the person and their name; the queue\'s the event', () => {
    const link = new URL(giverFormLink('https://moi.example.in', { ownerId: 'u-host', personId: 'p1', name: 'முருகன்', village: 'மேலூர்' }));
    expect(link.pathname).toBe('/qr');
    expect(Object.fromEntries(link.searchParams)).toEqual({ o: 'u-host', p: 'p1', n: 'முருகன்', v: 'மேலூர்' });
    expect(new URL(giverFormLink('https://moi.example.in', { eventId: 'ev-9' })).search).toBe('?e=ev-9');
  });
});
