// What the print queue needs of a way to reach the printer.
export type TransportKind = 'none' | 'venue' | 'bluetooth' | 'serial' | 'usb' | 'browser';

export type Transport = {
  kind: TransportKind;
  /** A job sent twice prints once (the venue server knows job ids): a job cut off by a reload may be resent. */
  resendable: boolean;
  /** Resolves once the printer has every byte; rejects when no byte could be delivered or the link broke. */
  send(jobId: string, bytes: Uint8Array): Promise<void>;
};

/** The transport exists in this browser but no printer is paired / reachable now. */
export class PrinterNotConnected extends Error {}

/**
 * Writes `bytes` in chunks of at most `size`, each write awaited before the next: the transport's
 * own acknowledgement (a BLE write with response, a stream's ready promise, a USB transfer) is the
 * back-pressure, so a slow printer is never handed more than one chunk ahead.
 */
export async function writeChunked(bytes: Uint8Array, size: number, write: (chunk: Uint8Array) => Promise<unknown>): Promise<void> {
  for (let at = 0; at < bytes.length; at += size) await write(bytes.subarray(at, Math.min(bytes.length, at + size)));
}
