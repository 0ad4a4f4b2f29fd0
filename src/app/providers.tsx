// App-wide provider: auth. The device settings and Mantine's provider are not here: they wrap only the
// routes that use them (app/themed-layout.tsx), so the public pages load without them.
import type { ReactNode } from 'react';
import { AuthProvider, type SessionLifecycle } from '../features/auth/auth-context';

export function AppProviders({ children, lifecycle }: { children: ReactNode; lifecycle?: SessionLifecycle }) {
  return <AuthProvider lifecycle={lifecycle}>{children}</AuthProvider>;
}
