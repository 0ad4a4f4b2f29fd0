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
  dateField: {
    placeholder: 'நாள்/மாதம்/ஆண்டு',
    nextMonth: 'அடுத்த மாதம்',
    previousMonth: 'முந்தைய மாதம்',
    clear: 'தேதியை நீக்கு',
  },
};
