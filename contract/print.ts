// Printing a receipt on the venue's LAN printer through the Moi server (issue 28): the device sends
// the finished ESC/POS bytes; the server passes them to the printer at host:9100.
import { z } from 'zod';

/** Largest job the server takes: a long 80 mm receipt is about 60 kB of raster. */
export const MAX_PRINT_JOB_BYTES = 512 * 1024;

/** A print job's id, made on the device (UUID), so a job sent twice prints once. */
export const printJobIdSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'a UUID');

export const venuePrinterStatusSchema = z.object({
  /** The server has a LAN printer configured (PRINTER_HOST). */
  configured: z.boolean(),
});
export type VenuePrinterStatus = z.infer<typeof venuePrinterStatusSchema>;

export const printJobResultSchema = z.object({
  printed: z.literal(true),
  /** The job id was printed before: this copy was not printed again. */
  duplicate: z.boolean(),
});
export type PrintJobResult = z.infer<typeof printJobResultSchema>;
