import type { Catalogue } from '../types';

export const common: Catalogue['common'] = {
  appName: 'மொய்',
  appNameTa: 'மொய்',
  loading: 'ஏற்றுகிறது…',
  retry: 'மீண்டும் முயல்க',
  cancel: 'ரத்து',
  save: 'சேமி',
  close: 'மூடு',
  ok: 'சரி',
  offline: 'இணைப்பு இல்லை',
  online: 'இணைப்பில்',
};
