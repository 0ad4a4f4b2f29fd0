// The venue's LAN receipt printer: raw ESC/POS over TCP to host:9100, the port such printers listen
// on. One job at a time (the printer takes one connection), and a job id printed once: the device
// resends a job it is unsure of (after a reload), and the second copy is answered, not printed.
import { Socket } from 'node:net';

/** Write `bytes` to host:port and wait until the printer has them and the connection is closed. */
export function sendRaw(host: string, port: number, bytes: Uint8Array, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const sock = new Socket();
    let settled = false;
    const finish = (err?: Error) => {
      if (settled) return;
      settled = true;
      sock.destroy();
      if (err) reject(err);
      else resolve();
    };
    sock.setTimeout(timeoutMs, () => finish(new Error(`printer ${host}:${port} did not answer in ${timeoutMs} ms`)));
    sock.once('error', (err) => finish(err));
    sock.connect(port, host, () => {
      sock.end(bytes, () => undefined);
    });
    // 'close' after our end: the bytes were flushed to the printer's socket
    sock.once('close', (hadError) => finish(hadError ? new Error(`printer ${host}:${port} closed with an error`) : undefined));
  });
}

/** How many printed job ids are remembered (a day at a busy counter is a few hundred). */
const REMEMBERED = 5000;

export class LanPrinter {
  private chain: Promise<unknown> = Promise.resolve();
  private readonly printed = new Map<string, Promise<void>>();

  constructor(readonly host: string, readonly port: number) {}

  /** Prints the job unless this id was printed (or is printing) already; `duplicate` says which. */
  async print(jobId: string, bytes: Uint8Array): Promise<{ duplicate: boolean }> {
    const before = this.printed.get(jobId);
    if (before) {
      await before;
      return { duplicate: true };
    }
    const job = this.chain.then(() => sendRaw(this.host, this.port, bytes));
    this.chain = job.catch(() => undefined);
    this.printed.set(jobId, job);
    try {
      await job;
    } catch (err) {
      // not printed: the device may send it again
      this.printed.delete(jobId);
      throw err;
    }
    if (this.printed.size > REMEMBERED) this.printed.delete(this.printed.keys().next().value as string);
    return { duplicate: false };
  }
}
