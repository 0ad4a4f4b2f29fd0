// An in-memory Web Storage (localStorage, sessionStorage) for tests in the node environment, which
// has none before Node 22. jsdom brings its own; this is installed only where none exists.
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() { return this.items.size; }
  clear(): void { this.items.clear(); }
  getItem(key: string): string | null { return this.items.has(key) ? this.items.get(key)! : null; }
  key(index: number): string | null { return [...this.items.keys()][index] ?? null; }
  removeItem(key: string): void { this.items.delete(key); }
  setItem(key: string, value: string): void { this.items.set(key, String(value)); }
  [name: string]: unknown;
}

export function installWebStorage(): void {
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    if (!(name in globalThis) || !globalThis[name]) Object.defineProperty(globalThis, name, { value: new MemoryStorage(), configurable: true, writable: true });
  }
}
