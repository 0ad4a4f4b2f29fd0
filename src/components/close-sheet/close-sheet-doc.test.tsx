// The close sheet and the handover slip on the counter's receipt printer (issue 28): the printed
// blocks say what the on-screen sheet and slip say; the preview offers the receipt printer only
// where the page has one, and queues the piece drawn for the device's paper width.
import { describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CashTally } from '../../../contract/entities';
import type { Handover } from '../../../contract/custody';
import i18n from '../../lib/i18n';
import { DirectPrintContext, type DirectPrinter } from '../../lib/print/direct-print-context';
import type { Block } from '../../lib/print/raster-doc';
import { handoverSlipDoc } from '../custody/handover-slip-doc';
import { HandoverSlipButton } from '../custody/handover-slip';
import { CloseSheetButton, type CloseSheetData } from './close-sheet';
import { closeSheetDoc } from './close-sheet-doc';

const tally: CashTally = {
  counts: { n500: 4, n100: 5, c10: 3 }, countedTotal: 2530, expectedCash: 2631, difference: -101, reason: 'ஒரு நோட்டு குறைவு',
  closedBy: 'u-s1', closedAt: '2026-11-20T10:00:00.000Z',
};
const sheet: CloseSheetData = {
  eventTitle: 'Selvam & Meenakshi Wedding', code: 'A', name: 'மணமகன் தரப்பு', tally, closedByName: 'கண்ணன்', afterClose: { count: 2, cash: 1502 },
  takings: { cash: 2631, upi: 5002, cheque: 3001, sum: 10634, items: 2, item: 48000 },
};
const handover: Handover = {
  id: 'h1', eventId: 'e1', fromKind: 'counter', fromCounterId: 'c1', toKind: 'nominee', toCounterId: null, toNomineeId: 'n1', toUserId: null, toName: 'ராமசாமி',
  cash: 2530, counts: { n500: 4, n100: 5, c10: 3 }, summary: { upi: { count: 2, total: 5002 }, cheque: { count: 1, total: 3001 }, item: { count: 1, descriptions: ['வெள்ளிக் குத்துவிளக்கு'] } },
  method: 'pin', verified: true, deviceVerified: true, flags: [], handedBy: 'u-s1', handedAt: '2026-11-20T10:30:00.000Z',
};
const slip = { eventTitle: 'Selvam & Meenakshi Wedding', from: 'Counter A', to: 'ராமசாமி', givenByName: 'கண்ணன்', receivedByName: 'ராமசாமி', handover };

const t = (k: string, o?: Record<string, unknown>): string => (i18n.t as unknown as (k: string, o?: Record<string, unknown>) => string)(k, o);
const lines = (blocks: Block[]) => blocks.map((b) => (b.kind === 'text' || b.kind === 'banner' ? b.text : b.kind === 'row' ? `${b.label} | ${b.value}` : b.kind));

describe('the close sheet and handover slip as receipt-printer blocks', () => {
  it('the close sheet: title, event, counter, denominations with counts, totals, takings, difference, reason, two signature lines', async () => {
    await i18n.changeLanguage('en');
    const l = lines(closeSheetDoc(sheet, { t, lang: 'en', paper: '80' }));
    expect(l.slice(0, 3)).toEqual(['Counter close sheet', 'Selvam & Meenakshi Wedding', 'Counter A · மணமகன் தரப்பு']);
    expect(l).toEqual(expect.arrayContaining([
      '₹500 note × 4 | ₹2,000', '₹100 note × 5 | ₹500', '₹10 coin × 3 | ₹30', 'Total counted | ₹2,530',
      'UPI | ₹5,002', 'Money taken (cash + UPI + cheque) | ₹10,634', 'Expected cash | ₹2,631', 'Difference | −₹101',
      'Reason | ஒரு நோட்டு குறைவு', 'Closed by | கண்ணன்', 'Arrived after the close (not in this count) | 2 · ₹1,502',
      'Signature of the counter staff', 'Name: கண்ணன்', "Signature of the host's nominee",
    ]));
    // notes before coins, largest first
    expect(l.findIndex((x) => x.startsWith('₹500'))).toBeLessThan(l.findIndex((x) => x.startsWith('₹10 coin')));
    // two signature lines, each a solid rule with room above it to sign
    expect(closeSheetDoc(sheet, { t, lang: 'en', paper: '80' }).filter((b) => b.kind === 'rule' && !b.dashed)).toHaveLength(2);
  });

  it('the handover slip: from, to, when, how confirmed, denominations, cash, UPI, cheques, items, both signatures; Tamil in Tamil', async () => {
    await i18n.changeLanguage('ta');
    const l = lines(handoverSlipDoc(slip, { t, lang: 'ta', paper: '58' }));
    expect(l[0]).toBe('ரொக்க ஒப்படைப்புச் சீட்டு');
    expect(l).toEqual(expect.arrayContaining([`${i18n.t('custody.slip.from')} | Counter A`, `${i18n.t('custody.slip.to')} | ராமசாமி`, `${i18n.t('custody.slip.cash')} | ₹2,530`,
      `${i18n.t('custody.slip.items')} | 1 · வெள்ளிக் குத்துவிளக்கு`, `${i18n.t('admin.counters.note', { value: 500 })} × 4 | ₹2,000`]));
    expect(l.filter((x) => x.startsWith(`${i18n.t('custody.slip.name')}:`))).toEqual([`${i18n.t('custody.slip.name')}: கண்ணன்`, `${i18n.t('custody.slip.name')}: ராமசாமி`]);
    // 58 mm type is smaller than 80 mm, never under 22 dots
    const sizes = (p: '58' | '80') => handoverSlipDoc(slip, { t, lang: 'ta', paper: p }).flatMap((b) => ('size' in b ? [b.size] : []));
    expect(Math.min(...sizes('58'))).toBe(22);
    expect(Math.max(...sizes('80'))).toBeGreaterThan(Math.max(...sizes('58')));
  });

  it('the previews offer the receipt printer only where the page has one, and queue the piece drawn for its paper', async () => {
    await i18n.changeLanguage('en');
    const printed: Block[][] = [];
    const printer: DirectPrinter = { paper: '58', print: vi.fn(async (doc) => void printed.push(doc('58'))) };
    const { unmount } = render(<MantineProvider><CloseSheetButton data={sheet} /></MantineProvider>);
    await userEvent.click(screen.getByRole('button', { name: 'Print close sheet' }));
    expect(screen.queryByRole('button', { name: /receipt printer/ })).toBeNull();
    unmount();
    render(<MantineProvider><DirectPrintContext.Provider value={printer}><CloseSheetButton data={sheet} /><HandoverSlipButton data={slip} /></DirectPrintContext.Provider></MantineProvider>);
    await userEvent.click(screen.getByRole('button', { name: 'Print close sheet' }));
    await userEvent.click(screen.getByRole('button', { name: 'Print on the receipt printer (58 mm)' }));
    expect(await screen.findByText('Sent to the receipt printer')).toBeInTheDocument();
    expect(lines(printed[0])[0]).toBe('Counter close sheet');
    // the browser's print dialog stays
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });
});
