// Messages between the page and the report worker.
import type { ReportLang } from '../../../report/labels';

export type ReportFormat = 'pdf' | 'xlsx' | 'csv';
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
  /** Fonts for the PDF, as URLs the service worker has precached. */
  fontUrls?: { ta: string; taBold: string; latin: string; latinBold: string };
};
export type ReportStage = 'reading' | 'building' | 'rendering';
export type ReportReply =
  | { type: 'progress'; stage: ReportStage; fraction: number }
  | { type: 'done'; bytes: Uint8Array; gifts: number; total: number }
  | { type: 'error'; message: string };
