import type { Catalogue } from '../types';
import { common } from './common';
import { profile } from './profile';
import { gifts } from './gifts';
import { receipt } from './receipt';
import { membership } from './membership';

export const ta: Catalogue = {
  common,
  profile,
  gifts,
  receipt,
  membership,
};
