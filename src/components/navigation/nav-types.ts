// The navigation item of spec §3: name, icon, iconText, path, type (label or external link), badge, children.
import type { ReactNode } from 'react';

export type NavBadge = { value: string | number; color?: string };

export type NavItem = {
  name: string;
  icon?: ReactNode;
  /** Short text shown instead of an icon (e.g. "EA"). */
  iconText?: string;
  path?: string;
  /** 'label' = a section heading; 'extLink' = opens `path` in a new tab. */
  type?: 'label' | 'extLink';
  badge?: NavBadge;
  children?: NavItem[];
};
