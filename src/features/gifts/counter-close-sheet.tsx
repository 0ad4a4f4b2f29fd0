// The close sheet printed from the counter's own tablet (the entry page, once the counter is closed):
// the sheet as the event's counters page prints it, with what this counter took by mode (cash, UPI,
// cheque, items) from the gifts on this tablet, so the nominee signs the same figures on either screen.
import { CloseSheetButton, type CloseSheetData } from '../../components/close-sheet/close-sheet';
import { useCounterTakingsLive } from '../../data/admin-queries';

export function CounterCloseSheetButton({ counterId, data }: { counterId: string; data: Omit<CloseSheetData, 'takings'> }) {
  const takings = useCounterTakingsLive([counterId]);
  // Undefined while reading; a counter with no gift on this tablet took nothing.
  const mine = takings ? takings.get(counterId) ?? { cash: 0, upi: 0, cheque: 0, sum: 0, items: 0, item: 0 } : undefined;
  return <CloseSheetButton data={{ ...data, takings: mine }} />;
}
