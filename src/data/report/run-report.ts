// Starts a report in its worker; Cancel ends the worker (nothing is written anywhere until done).
import taUrl from '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-400-normal.woff?url';
import taBoldUrl from '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-700-normal.woff?url';
import latinUrl from '@fontsource/noto-sans-tamil/files/noto-sans-tamil-latin-400-normal.woff?url';
import latinBoldUrl from '@fontsource/noto-sans-tamil/files/noto-sans-tamil-latin-700-normal.woff?url';
import { API_BASE } from '../../lib/api';
import { providerName } from '../../lib/brand';
import type { ReportReply, ReportRequest, ReportStage } from './protocol';

export type { ReportFormat, ReportRequest, ReportStage } from './protocol';
export type ReportResult = { file: File; gifts: number; total: number };

/**
 * A report worker, started ahead of the report (the export dialog starts one when it opens, so
 * pressing "Make the file" only posts the request). Idle until runReport hands it a request.
 */
export function startReportWorker(): Worker {
  return new Worker(new URL('./report.worker.ts', import.meta.url), { type: 'module', name: 'moi-report' });
}

export function runReport(
  req: Omit<ReportRequest, 'fontUrls'>,
  onProgress: (stage: ReportStage, fraction: number) => void,
  worker: Worker = startReportWorker(),
): { done: Promise<ReportResult>; cancel: () => void } {
  let settle: { reject: (e: Error) => void } | null = null;
  const done = new Promise<ReportResult>((resolve, reject) => {
    settle = { reject };
    worker.onmessage = (e: MessageEvent<ReportReply>) => {
      const m = e.data;
      if (m.type === 'progress') onProgress(m.stage, m.fraction);
      else {
        // The worker ends itself after its answer.
        if (m.type === 'done') resolve({ file: m.file, gifts: m.gifts, total: m.total });
        else reject(new Error(m.message));
      }
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(new Error(e.message || 'worker-failed'));
    };
  });
  // The provider's name for the cover: read in this one place from the app's brand settings.
  worker.postMessage({ provider: providerName() ?? undefined, apiBase: API_BASE, ...req, fontUrls: { ta: taUrl, taBold: taBoldUrl, latin: latinUrl, latinBold: latinBoldUrl } } satisfies ReportRequest);
  return {
    done,
    cancel: () => {
      worker.terminate();
      settle?.reject(new DOMException('cancelled', 'AbortError'));
    },
  };
}
