// Rows whose index value is any of a few keys, read the fast way.
import type { IndexableType, Table } from 'dexie';

/**
 * The rows of `table` whose `index` is any of `keys`, each once: one `equals()` per key (IndexedDB's
 * getAll, one call each), all at once. Dexie's `anyOf` walks a cursor a row at a time: the 20,000
 * gifts of a counter took most of the gift list's first render that way (in-app, under load: 8 s,
 * against 0.4 s read so). For a few keys with many rows each, not thousands of keys.
 */
export async function rowsWithAnyKey<T, K, I>(table: Table<T, K, I>, index: string, keys: readonly IndexableType[]): Promise<T[]> {
  const parts = await Promise.all([...new Set(keys)].map((k) => table.where(index).equals(k).toArray()));
  return parts.length === 1 ? parts[0] : parts.flat();
}
