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
  dateField: {
    placeholder: 'DD/MM/YYYY',
    nextMonth: 'Next month',
    previousMonth: 'Previous month',
    clear: 'Clear the date',
  },
};
