// The venue laptop's LAN printer: the job goes to the Moi server (PUT /moi/print/jobs/:id), which
// writes it to host:9100. The server prints an id once, so a resend after a reload is safe.
import { apiFetch } from '../../api';
import type { VenuePrinterStatus } from '../../../../contract/print';
import type { Transport } from './types';

export const venueStatus = (): Promise<VenuePrinterStatus> => apiFetch<VenuePrinterStatus>('/moi/print/venue', { timeoutMs: 8_000 });

export const venueTransport: Transport = {
  kind: 'venue',
  resendable: true,
  send: async (jobId, bytes) => {
    await apiFetch(`/moi/print/jobs/${jobId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      // a copy, so the body is exactly these bytes (not the whole buffer a subarray sits in)
      body: bytes.slice().buffer,
      timeoutMs: 20_000,
    });
  },
};
