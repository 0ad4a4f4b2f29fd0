export const common = {
  appName: 'Moi',
  appNameTa: 'மொய்',
  loading: 'Loading…',
  retry: 'Retry',
  cancel: 'Cancel',
  save: 'Save',
  close: 'Close',
  ok: 'OK',
  offline: 'Offline',
  online: 'Online',
};
