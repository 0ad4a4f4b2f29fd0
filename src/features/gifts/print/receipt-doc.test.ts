// The printed receipt's content: what the on-screen receipt says, a QR of the receipt's link, and
// on a reprint the "DUPLICATE / நகல்" banner first.
import { describe, expect, it } from 'vitest';
import { en } from '../../../locales/en';
import { receiptDoc } from './receipt-doc';
import type { ReceiptData } from '../receipt/receipt-view';

const t = (key: string, opts: Record<string, unknown> = {}) => {
  const v = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], en);
  return (typeof v === 'string' ? v : key).replace(/{{(\w+)}}/g, (_, k: string) => String(opts[k] ?? ''));
};

const data: ReceiptData = {
  gift: { receiptNo: 'A-T7-0042', name: 'முருகன்', initial: 'மு.', village: 'உசிலம்பட்டி', amount: 1001, mode: 'cash', reference: '', item: '', enteredAt: '2026-11-27T05:30:00.000Z', deletedAt: null, receiptToken: 'Q7mK2xWp9LrT4vNc8HdY3b' },
  event: { titleTa: 'செல்வம் – மீனாட்சி திருமணம்', titleEn: 'Selvam weds Meenakshi', functionType: 'wedding', date: '2026-11-27', venue: 'Madurai', hostNames: 'Selvam & Meenakshi', thankYouNote: '' },
  counter: { code: 'A', name: 'Main entrance' },
  staffName: 'Kavitha',
} as ReceiptData;

const texts = (blocks: ReturnType<typeof receiptDoc>) => blocks.map((b) => (b.kind === 'text' || b.kind === 'banner' ? b.text : b.kind === 'row' ? `${b.label}: ${b.value}` : b.kind === 'qr' ? `QR ${b.text}` : b.kind));

describe('the printed receipt', () => {
  it('says what the screen says: event, receipt number, giver, amount in figures and words, mode, counter, staff, thanks, QR of the link', () => {
    const lines = texts(receiptDoc(data, { t, lang: 'en', paper: '58' }));
    expect(lines[0]).toBe('Selvam weds Meenakshi');
    expect(lines).toContain('Receipt no.: A-T7-0042');
    expect(lines).toContain('மு. முருகன்');
    expect(lines).toContain('உசிலம்பட்டி');
    expect(lines).toContain('₹1,001');
    expect(lines).toContain('One Thousand One Rupees Only');
    expect(lines).toContain('Counter: A · Main entrance');
    expect(lines).toContain('Staff: Kavitha');
    expect(lines).toContain('Thank you for your presence!');
    const qr = lines.find((l) => l.startsWith('QR '));
    expect(qr).toMatch(/\/r\/Q7mK2xWp9LrT4vNc8HdY3b$/);
    expect(lines).not.toContain('DUPLICATE / நகல்');
  });

  it('prints the spouse’s or father’s name and the title under the giver’s name when keyed (issue 30)', () => {
    const lines = texts(receiptDoc({ ...data, gift: { ...data.gift, kinName: 'லட்சுமி', title: 'POLICE' } }, { t, lang: 'en', paper: '58' }));
    expect(lines[lines.indexOf('மு. முருகன்') + 1]).toBe('லட்சுமி · POLICE');
    expect(texts(receiptDoc(data, { t, lang: 'en', paper: '58' }))).not.toContain('லட்சுமி · POLICE');
  });

  it('a hall’s event (issue 29): the hall’s name heads the roll and its footer ends it; the provider’s own event prints neither', () => {
    const brand = { nameTa: 'லட்சுமி மஹால்', nameEn: 'Lakshmi Mahal', colour: '#8a1c2b', footer: 'Madurai · 0452 123456', logoFileId: null };
    const lines = texts(receiptDoc({ ...data, event: { ...data.event!, orgId: 'org-1', brand } }, { t, lang: 'ta', paper: '58' }));
    expect(lines[0]).toBe('லட்சுமி மஹால்');
    expect(lines).toContain('Madurai · 0452 123456');
    const plain = texts(receiptDoc({ ...data, event: { ...data.event!, orgId: null, brand } }, { t, lang: 'ta', paper: '58' }));
    expect(plain.join('\n')).not.toMatch(/மஹால்|0452/);
  });

  it('a reprint opens with the DUPLICATE / நகல் banner; 80 mm prints larger', () => {
    const dup = receiptDoc(data, { t, lang: 'en', paper: '58', duplicate: true });
    expect(dup[0]).toEqual({ kind: 'banner', text: 'DUPLICATE / நகல்', size: 28 });
    const size = (p: '58' | '80') => receiptDoc(data, { t, lang: 'en', paper: p }).find((b) => b.kind === 'text' && b.text === '₹1,001');
    expect(size('80')).toMatchObject({ size: 56 });
    expect(size('58')).toMatchObject({ size: 48 });
  });
});
