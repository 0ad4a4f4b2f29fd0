import type { Catalogue } from '../types';

export const nav: Catalogue['nav'] = {
  main: 'முதன்மை',
  help: 'உதவி',
  newBadge: 'புதிது',
};
