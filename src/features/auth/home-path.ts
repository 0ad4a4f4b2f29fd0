// The home screen of each role after sign-in (and the target of "go to my home screen").
import type { Role } from '../../../contract/roles';

export const SIGNIN_PATH = '/session/signin';

export const roleHome: Record<Role, string> = {
  app_admin: '/dashboard/default',
  event_admin: '/event/counter',
  event_owner: '/events',
  counter_staff: '/counter/gifts/entry',
};

export const homePathFor = (role: Role | null | undefined): string => (role ? roleHome[role] : '/');
