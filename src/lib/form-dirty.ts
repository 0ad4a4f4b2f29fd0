// Forms say when they hold unsaved input, so the update prompt never reloads over them.
// A small vanilla zustand store: Dexie-free, so the public pages' prompts can read it.
import { createStore } from 'zustand/vanilla';

export const formDirtyStore = createStore<{ dirty: ReadonlySet<string> }>()(() => ({ dirty: new Set<string>() }));

export function setFormDirty(key: string, isDirty: boolean): void {
  const { dirty } = formDirtyStore.getState();
  if (dirty.has(key) === isDirty) return;
  const next = new Set(dirty);
  if (isDirty) next.add(key);
  else next.delete(key);
  formDirtyStore.setState({ dirty: next });
}
export const isAnyFormDirty = (): boolean => formDirtyStore.getState().dirty.size > 0;
export function subscribeFormDirty(fn: () => void): () => void {
  return formDirtyStore.subscribe(fn);
}
