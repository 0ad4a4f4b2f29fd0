// Who is on duty at this counter on this tablet. Kept per counter in localStorage so a reload
// (even offline) keeps the staff member who switched in; defaults to the signed-in user.
import { useCallback, useEffect, useState } from 'react';

export type OnDuty = { userId: string; name: string };
const key = (counterId: string) => `moi.shift.${counterId}`;

function read(counterId: string | null): OnDuty | null {
  if (!counterId) return null;
  try {
    const raw = localStorage.getItem(key(counterId));
    const v = raw ? (JSON.parse(raw) as OnDuty) : null;
    return v && typeof v.userId === 'string' && typeof v.name === 'string' ? v : null;
  } catch {
    return null;
  }
}

export function useShift(counterId: string | null, signedIn: OnDuty | null): { onDuty: OnDuty | null; switchTo: (s: OnDuty | null) => void } {
  const [stored, setStored] = useState<OnDuty | null>(() => read(counterId));
  useEffect(() => setStored(read(counterId)), [counterId]);
  const switchTo = useCallback((s: OnDuty | null) => {
    if (!counterId) return;
    try {
      if (s && s.userId !== signedIn?.userId) localStorage.setItem(key(counterId), JSON.stringify(s));
      else localStorage.removeItem(key(counterId));
    } catch {
      // not persisted; still switched for this page
    }
    setStored(s && s.userId !== signedIn?.userId ? s : null);
  }, [counterId, signedIn?.userId]);
  return { onDuty: stored ?? signedIn, switchTo };
}
