// Route guards of spec §2: nothing while auth loads; the child when authenticated; otherwise a
// history-replacing redirect to the sign-in page carrying the requested path as 'from'.
// RoleGuard shows a "no access" page (never the content) when the role is outside the group.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { inGroup, type AuthGroup } from '../../../contract/roles';
import { NoAccess } from '../../components/no-access';
import { useAuth } from './auth-context';
import { homePathFor, SIGNIN_PATH } from './home-path';

export type FromState = { from?: string };

export function AuthGuard({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return null;
  if (status === 'authenticated') return <>{children}</>;
  const from = `${location.pathname}${location.search}${location.hash}`;
  return <Navigate to={SIGNIN_PATH} replace state={{ from } satisfies FromState} />;
}

export function RoleGuard({ group, children }: { group: AuthGroup | undefined; children: ReactNode }) {
  const { user } = useAuth();
  const { t } = useTranslation();
  if (!group || inGroup(user?.role, group)) return <>{children}</>;
  const roleLabel = user ? t(`layout.roles.${user.role}`) : '';
  return <NoAccess role={user?.role} roleLabel={roleLabel} homePath={homePathFor(user?.role)} />;
}
