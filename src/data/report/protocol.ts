// Messages between the page and the report worker.
import type { ReportLang } from '../../../report/labels';

export type ReportFormat = 'pdf' | 'xlsx' | 'csv';
/** The file's type, given by the worker to the Blob it makes. */
export const REPORT_MIME: Record<ReportFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv;charset=utf-8',
};
export type ReportRequest = {
  eventId: string;
  format: ReportFormat;
  lang: ReportLang;
  counterId?: string;
  from?: string;
  to?: string;
  blankPages?: number;
  /** Villages the host wants first, in this order; the rest follow in Tamil alphabetical order. */
  villageOrder?: string[];
  /** Gifts (ids) printed first of the village-wise pages, in this order. */
  firstGiftIds?: string[];
  /** The counter service's name for the cover (from the app's brand settings). */
  provider?: string;
  /** The file's name (the worker makes the File, so the page does not copy or wrap the bytes). */
  fileName?: string;
  /** The API's base (the hall's logo for a hall's event is fetched from it, issue 29). */
  apiBase?: string;
  /** Fonts for the PDF, as URLs the service worker has precached. */
  fontUrls?: { ta: string; taBold: string; latin: string; latinBold: string };
};
export type ReportStage = 'reading' | 'building' | 'rendering';
export type ReportReply =
  | { type: 'progress'; stage: ReportStage; fraction: number }
  // The file, made in the worker: posting a File hands over a reference to its bytes (held by the
  // browser), so the page neither copies them (new File from an ArrayBuffer copies) nor adopts
  // megabytes into its own heap.
  | { type: 'done'; file: File; gifts: number; total: number }
  | { type: 'error'; message: string };
