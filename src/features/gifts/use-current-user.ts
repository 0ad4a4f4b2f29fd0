// The signed-in user for the counter screens: the data layer's copy (works offline), else the
// localStorage 'user' object the auth provider keeps (spec §3).
import { userSchema, type User } from '../../../contract/entities';
import { useSignedInUser } from '../../data/gift-queries';

function storedUser(): User | null {
  try {
    const raw = localStorage.getItem('user');
    if (!raw) return null;
    const p = userSchema.safeParse(JSON.parse(raw));
    return p.success ? p.data : null;
  } catch {
    return null;
  }
}

/** undefined while loading; null when nobody is signed in. */
export function useCurrentUser(): User | null | undefined {
  const fromDb = useSignedInUser();
  if (fromDb === undefined) return storedUser() ?? undefined;
  return fromDb ?? storedUser();
}
