// Offers the device's receipt printer to the printable pieces of a page (close sheet, handover
// slip): null unless a printer is chosen (the venue laptop's, Bluetooth, serial or USB). It starts
// the print queue, so a device that never chose a printer gets the venue laptop's where there is one
// (as on the entry screen), and jobs a closed tab left are recovered on these pages too.
import { useEffect, useMemo, type ReactNode } from 'react';
import { DirectPrintContext, type DirectPrinter } from './direct-print-context';
import { printDoc } from './print-doc';
import { isDirect, startPrintQueue, usePrinterSettings } from './printer';

export function DirectPrintProvider({ children }: { children: ReactNode }) {
  const s = usePrinterSettings();
  useEffect(() => startPrintQueue(), []);
  const direct = isDirect(s.transport);
  const value = useMemo<DirectPrinter | null>(() => (direct ? { paper: s.paper, print: async (doc) => void (await printDoc(doc)) } : null), [direct, s.paper]);
  return <DirectPrintContext.Provider value={value}>{children}</DirectPrintContext.Provider>;
}
