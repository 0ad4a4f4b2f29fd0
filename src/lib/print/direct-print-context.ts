// What a printable screen (components/print/print-preview) needs of the device's receipt printer,
// as a React context: a page that can print directly wraps itself in DirectPrintProvider
// (direct-print.tsx); outside one, or with no printer chosen, the value is null and only the
// browser's print dialog is offered. Kept apart so components/ never load the print queue.
import { createContext, useContext } from 'react';
import type { Block, PaperWidth } from './raster-doc';

export type DirectPrinter = {
  /** The device's paper width. */
  paper: PaperWidth;
  /** Draws the printout for the paper and queues it; resolves once queued. */
  print(doc: (paper: PaperWidth) => Block[]): Promise<void>;
};

export const DirectPrintContext = createContext<DirectPrinter | null>(null);

/** The device's receipt printer, or null (none chosen, or the page prints only by the dialog). */
export const useDirectPrinter = (): DirectPrinter | null => useContext(DirectPrintContext);
