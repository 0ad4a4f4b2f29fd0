// Roles and the cumulative access groups of spec §6 (appAdmin ⊂ eventAdmin ⊂ eventOwner ⊂ all).
import { z } from 'zod';

export const roles = ['app_admin', 'event_admin', 'event_owner', 'counter_staff'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

export const authGroups = {
  appAdmin: ['app_admin'],
  eventAdmin: ['app_admin', 'event_admin'],
  eventOwner: ['app_admin', 'event_admin', 'event_owner'],
  counterstaff: ['app_admin', 'event_admin', 'event_owner', 'counter_staff'],
  all: ['app_admin', 'event_admin', 'event_owner', 'counter_staff'],
} as const satisfies Record<string, readonly Role[]>;
export type AuthGroup = keyof typeof authGroups;

export function inGroup(role: Role | string | undefined | null, group: AuthGroup): boolean {
  return !!role && (authGroups[group] as readonly string[]).includes(role);
}
