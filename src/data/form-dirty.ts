// Forms say when they hold unsaved input, so the update prompt never reloads over them.
const dirty = new Set<string>();
const subs = new Set<() => void>();

export function setFormDirty(key: string, isDirty: boolean): void {
  const had = dirty.has(key);
  if (isDirty) dirty.add(key);
  else dirty.delete(key);
  if (had !== isDirty) for (const fn of subs) fn();
}
export const isAnyFormDirty = (): boolean => dirty.size > 0;
export function subscribeFormDirty(fn: () => void): () => void {
  subs.add(fn);
  return () => subs.delete(fn);
}
