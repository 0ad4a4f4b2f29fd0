import type { Catalogue } from '../types';
import { common } from './common';
import { profile } from './profile';

export const ta: Catalogue = {
  common,
  profile,
};
