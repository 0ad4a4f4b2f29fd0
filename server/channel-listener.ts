// LISTEN on one PostgreSQL channel (PGlite: in-process) once per process, at the first stream that
// needs it, with a keep-alive ping for the streams; shared by the sync poke (live.ts) and the guest
// display (guest-live.ts).
import { LIVE_PING_MS } from '../contract/live';
import type { ListenFn } from './db/client';

export type ChannelHandlers = { onPayload(payload: string): void; onGap?(): void; ping(): void };

export class ChannelListener {
  private starting: Promise<void> | null = null;
  private stopListening: (() => Promise<void>) | null = null;
  private pingTimer: NodeJS.Timeout | null = null;

  constructor(private listen: ListenFn | undefined, private channel: string, private handlers: ChannelHandlers) {}

  /** Starts once; a failed start is forgotten, so the next stream tries again. */
  start(): Promise<void> {
    if (this.starting) return this.starting;
    this.starting = (async () => {
      if (!this.listen) throw new Error('This database cannot notify');
      const h = this.handlers;
      this.stopListening = await this.listen(this.channel, (p) => h.onPayload(p), h.onGap ? () => h.onGap?.() : undefined);
      this.pingTimer = setInterval(() => h.ping(), LIVE_PING_MS);
      this.pingTimer.unref();
    })();
    this.starting.catch(() => { this.starting = null; });
    return this.starting;
  }

  /** No more pings now; the LISTEN ends once a start under way has settled. */
  stopPinging(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  async close(): Promise<void> {
    this.stopPinging();
    await this.starting?.catch(() => {});
    this.stopPinging();
    await this.stopListening?.().catch(() => {});
    this.stopListening = null;
  }
}
