import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_WRITE_DELAY_MS, clearAllDrafts, readDraft, sealDraft, useDraft, writeDraft } from './drafts';

function Form({ k, value }: { k: string | null; value: { name: string } }) {
  useDraft(k, value, !value.name);
  return null;
}

afterEach(() => {
  vi.useRealTimers();
  clearAllDrafts();
});

describe('drafts', () => {
  it('writes a moment after typing stops, and at once when the page is hidden or the form goes away', () => {
    vi.useFakeTimers();
    const { rerender, unmount } = render(<Form k="entry" value={{ name: 'Mu' }} />);
    rerender(<Form k="entry" value={{ name: 'Muru' }} />);
    expect(readDraft('entry')).toBeNull();
    act(() => vi.advanceTimersByTime(DRAFT_WRITE_DELAY_MS));
    expect(readDraft('entry')).toEqual({ name: 'Muru' });
    rerender(<Form k="entry" value={{ name: 'Murugan' }} />);
    window.dispatchEvent(new Event('pagehide'));
    expect(readDraft('entry')).toEqual({ name: 'Murugan' });
    rerender(<Form k="entry" value={{ name: 'Murugan M' }} />);
    unmount();
    expect(readDraft('entry')).toEqual({ name: 'Murugan M' });
  });

  it('removes the draft as soon as the form is empty (saved or cleared)', () => {
    writeDraft('entry', { name: 'Selvi' });
    const { rerender } = render(<Form k="entry" value={{ name: 'Selvi' }} />);
    rerender(<Form k="entry" value={{ name: '' }} />);
    expect(readDraft('entry')).toBeNull();
  });

  it('writes nothing more for a sealed key or after sign-out', () => {
    const a = render(<Form k="tally.A" value={{ name: '3 × ₹500' }} />);
    sealDraft('tally.A');
    a.unmount();
    expect(readDraft('tally.A')).toBeNull();

    const b = render(<Form k="entry" value={{ name: 'Kannan' }} />);
    window.dispatchEvent(new Event('pagehide'));
    expect(readDraft('entry')).toEqual({ name: 'Kannan' });
    clearAllDrafts();
    expect(readDraft('entry')).toBeNull();
    b.unmount();
    expect(readDraft('entry')).toBeNull();
    expect(Object.keys(localStorage).filter((k) => k.startsWith('moi.draft.'))).toEqual([]);
  });

  it('a stored draft that is not JSON is ignored', () => {
    localStorage.setItem('moi.draft.entry', '{not json');
    expect(readDraft('entry')).toBeNull();
  });
});
