// A stand-in for the browser's EventSource in the sync adapters' tests: the test opens, feeds and
// drops the stream the way the server and the network would.
import type { LiveSource, OpenLiveSource } from './live';

export class FakeLiveSource implements LiveSource {
  closed = false;
  private listeners = new Map<string, Array<(ev: Event) => void>>();
  addEventListener(type: string, fn: (ev: Event) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close(): void { this.closed = true; }
  private emit(type: string, ev: Event): void {
    if (this.closed) return; // a closed EventSource fires nothing
    for (const fn of this.listeners.get(type) ?? []) fn(ev);
  }
  open(): void { this.emit('open', new Event('open')); }
  changes(cursor?: unknown): void {
    this.emit('changes', new MessageEvent('changes', { data: cursor === undefined ? '{}' : JSON.stringify({ cursor }) }));
  }
  fail(): void { this.emit('error', new Event('error')); }
  ping(): void { this.emit('ping', new MessageEvent('ping', { data: '{}' })); }
}

/** Every source opened, newest last; `next(null)` makes the next open fail as if unsupported. */
export function fakeLiveServer() {
  const sources: FakeLiveSource[] = [];
  const open: OpenLiveSource = () => {
    const s = new FakeLiveSource();
    sources.push(s);
    return s;
  };
  return { sources, open, get last() { return sources.at(-1); } };
}
