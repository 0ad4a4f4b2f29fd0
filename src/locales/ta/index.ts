import type { Catalogue } from '../types';
import { common } from './common';

export const ta: Catalogue = {
  common,
};
