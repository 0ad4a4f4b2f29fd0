// The guest display's server half (contract/guest-display.ts): each paired screen holds one SSE
// stream; the counter's "show" is a NOTIFY on channel moi_guest, so whichever instance holds the
// screen's stream delivers it (PostgreSQL LISTEN/NOTIFY; PGlite in-process), as server/live.ts
// does for the sync poke. A stream carries only the entries published to its own pairing.
import type { ServerResponse } from 'node:http';
import { GUEST_EVENT_END, GUEST_EVENT_ENTRY, GUEST_EVENT_HELLO } from '../contract/guest-display';
import { ChannelListener } from './channel-listener';
import type { Db, ListenFn } from './db/client';
import { GUEST_CHANNEL, guestDisplayUsable, type GuestNote } from './domain/counter-aids';
import { guestDisplays } from './db/schema';
import { eq } from 'drizzle-orm';

type Stream = { displayId: string; res: ServerResponse };

export class GuestHub {
  private streams = new Set<Stream>();
  private listener: ChannelListener;
  private closed = false;

  constructor(private db: Db, listen: ListenFn | undefined) {
    this.listener = new ChannelListener(listen, GUEST_CHANNEL, { onPayload: (p) => this.onPayload(p), ping: () => void this.ping() });
  }

  get size(): number {
    return this.streams.size;
  }

  start(): Promise<void> {
    return this.listener.start();
  }

  private onPayload(payload: string): void {
    let n: GuestNote;
    try {
      n = JSON.parse(payload) as GuestNote;
    } catch {
      return;
    }
    for (const st of this.streams) {
      if (st.displayId !== n.d) continue;
      if (n.end) this.end(st);
      else st.res.write(`event: ${GUEST_EVENT_ENTRY}\ndata: ${JSON.stringify(n.e)}\n\n`);
    }
  }

  private end(st: Stream): void {
    st.res.write(`event: ${GUEST_EVENT_END}\ndata: {}\n\n`);
    st.res.end();
    this.streams.delete(st);
  }

  /** Keeps proxies from closing an idle stream; a pairing revoked or expired meanwhile, or whose counter session ended, ends its streams. */
  private async ping(): Promise<void> {
    for (const st of this.streams) {
      st.res.write(': ping\n\n');
      try {
        const [g] = await this.db.select().from(guestDisplays).where(eq(guestDisplays.id, st.displayId));
        if (!(await guestDisplayUsable(this.db, g))) this.end(st);
      } catch {
        // the database is away for a moment: the next ping checks again
      }
    }
  }

  /** Serve one screen's stream on an already-authorized response. */
  async open(displayId: string, res: ServerResponse): Promise<void> {
    await this.start();
    if (this.closed) {
      res.end();
      return;
    }
    const st: Stream = { displayId, res };
    this.streams.add(st);
    res.on('close', () => { this.streams.delete(st); });
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    // A dropped connection comes back within a second or two (EventSource's retry).
    res.write(`retry: 1500\nevent: ${GUEST_EVENT_HELLO}\ndata: {}\n\n`);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listener.stopPinging();
    for (const st of this.streams) st.res.end();
    this.streams.clear();
    await this.listener.close();
  }
}
