// What a form holds but has not saved yet, kept in localStorage so a reload (a tablet's
// pull-to-refresh, an app update, a crash) does not throw away a half-typed giver or a half-counted
// cash drawer. A draft is never a saved record: the form shows it again and says so. Drafts are
// written a moment after typing stops (not on the save's critical path), removed as soon as the
// form is empty or saved, and all removed at sign-out (givers' names do not outlive the session).
import { useEffect, useRef } from 'react';

const PREFIX = 'moi.draft.';
/** Bumped at sign-out: a form still on screen then can no longer write its draft back. */
let epoch = 0;
/** Keys whose record was saved for good (a counter closed with its tally): no draft is written again. */
const sealed = new Set<string>();
export const DRAFT_WRITE_DELAY_MS = 250;

export function readDraft<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** Store a draft; null removes it. Storage that is full or blocked only costs the draft. */
export function writeDraft(key: string, value: unknown): void {
  try {
    if (value === null) localStorage.removeItem(PREFIX + key);
    else localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // a draft is a convenience; the form itself keeps working
  }
}

export const clearDraft = (key: string): void => writeDraft(key, null);

/** The record this draft was for is saved and final: remove the draft, and write none again under this key. */
export function sealDraft(key: string): void {
  sealed.add(key);
  clearDraft(key);
}

const mayWrite = (key: string, born: number) => born === epoch && !sealed.has(key);

/** Sign-out: every form's draft goes, and forms still mounted stop writing theirs. */
export function clearAllDrafts(): void {
  epoch++;
  sealed.clear();
  try {
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const k = localStorage.key(i);
      if (k?.startsWith(PREFIX)) localStorage.removeItem(k);
    }
  } catch {
    // nothing stored
  }
}

/**
 * Keep `value` as the draft under `key` (null key: no draft). An empty form removes the draft at
 * once; otherwise it is written DRAFT_WRITE_DELAY_MS after the last change, and at once when the
 * page is hidden, being reloaded or closed, or the form goes away.
 */
export function useDraft(key: string | null, value: unknown, empty: boolean): void {
  const latest = useRef({ key, value, empty });
  latest.current = { key, value, empty };
  const born = useRef(epoch);
  useEffect(() => {
    if (!key || !mayWrite(key, born.current)) return;
    if (empty) {
      clearDraft(key);
      return;
    }
    const timer = setTimeout(() => mayWrite(key, born.current) && writeDraft(key, value), DRAFT_WRITE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, value, empty]);
  useEffect(() => {
    const flush = () => {
      const l = latest.current;
      if (l.key && mayWrite(l.key, born.current)) writeDraft(l.key, l.empty ? null : l.value);
    };
    // A tablet may kill a hidden tab without pagehide: write when the page is hidden too.
    const onHidden = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHidden);
      flush();
    };
  }, []);
}
