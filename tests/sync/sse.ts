// A minimal Server-Sent Events reader over fetch for tests and benchmarks of GET /moi/sync/live:
// collects `changes` events (their cursors and arrival times) and lets a caller wait for the next.
import { liveChangesSchema } from '../../contract/live';

export type LiveEvent = { cursor: number; at: number };

export class SseClient {
  readonly events: LiveEvent[] = [];
  pings = 0;
  status = 0;
  headers: Headers | null = null;
  ended = false;
  private waiters: Array<() => void> = [];
  private ctrl = new AbortController();
  private done: Promise<void> = Promise.resolve();

  constructor(private url: string, private cookie: string) {}

  /** Connects and resolves once the response headers are in (events keep arriving in the background). */
  async open(): Promise<this> {
    const res = await fetch(this.url, { headers: { cookie: this.cookie, accept: 'text/event-stream' }, signal: this.ctrl.signal });
    this.status = res.status;
    this.headers = res.headers;
    if (!res.ok || !res.body) {
      this.ended = true;
      return this;
    }
    const reader = res.body.getReader();
    const dec = new TextDecoder();
    this.done = (async () => {
      let buf = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += dec.decode(value, { stream: true });
          let i: number;
          while ((i = buf.indexOf('\n\n')) >= 0) {
            this.frame(buf.slice(0, i));
            buf = buf.slice(i + 2);
          }
        }
      } catch {
        // aborted
      }
      this.ended = true;
      this.wake();
    })();
    return this;
  }

  private frame(text: string): void {
    if (text.startsWith(':')) {
      this.pings++;
      return;
    }
    const lines = text.split('\n');
    const ev = lines.find((l) => l.startsWith('event: '))?.slice(7);
    const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
    if (ev !== 'changes' || data === undefined) return;
    this.events.push({ ...liveChangesSchema.parse(JSON.parse(data)), at: performance.now() });
    this.wake();
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  /** Resolves with the events once there are at least `n`, or rejects after `ms`. */
  async waitFor(n: number, ms = 5000): Promise<LiveEvent[]> {
    const deadline = Date.now() + ms;
    while (this.events.length < n) {
      if (this.ended) throw new Error(`stream ended after ${this.events.length} events (wanted ${n})`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`only ${this.events.length} live events within ${ms} ms (wanted ${n})`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => { clearTimeout(t); resolve(); });
      });
    }
    return this.events;
  }

  /** Resolves when the server ends the stream (rejects after `ms`). */
  async waitEnd(ms = 5000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!this.ended) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('stream still open');
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => { clearTimeout(t); resolve(); });
      });
    }
  }

  async close(): Promise<void> {
    this.ctrl.abort();
    await this.done;
  }
}
