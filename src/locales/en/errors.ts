// Router fallback, no-access and not-found, chunk-load failures.
export const errors = {
  unexpected: 'Unexpected Application Error!',
  unexpectedBody: 'Something went wrong on this screen. Your entries are safe on this device.',
  reload: 'Reload',
  noAccessTitle: 'No access',
  noAccessBody: 'Your role ({{role}}) cannot open this page.',
  /** Who can give a role more access: staff and hosts ask the event admin, event admins the app admin. */
  noAccessAsk: {
    counter_staff: 'If you need it, ask the event admin who runs your counter.',
    event_owner: 'If you need it, ask the event admin who runs your event.',
    event_admin: 'If you need it, ask the app admin (the service provider).',
    app_admin: 'If you need it, ask another app admin.',
  },
  goToMyHome: 'Go to my home screen',
  notFoundTitle: 'Page not found',
  notFoundBody: 'There is no page at this address.',
  goHome: 'Go to home page',
  preloadTitle: 'A new version is available',
  preloadBody: 'Part of the app could not be loaded — usually because it was just updated. Reload to continue.',
  languageFailed: 'The other language could not be loaded. Check the connection and try again.',
  chunkFailed: 'This screen could not be loaded. Reload to get the latest version.',
};
