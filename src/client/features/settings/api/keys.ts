/** Query keys of the settings feature. */
export const settingsKeys = {
  all: ['settings'] as const,
  mine: () => [...settingsKeys.all, 'me'] as const,
  calendarFeed: () => [...settingsKeys.all, 'calendar-feed'] as const,
  showAlerts: () => [...settingsKeys.all, 'show-alerts'] as const,
  emailVerification: () => [...settingsKeys.all, 'email-verification'] as const,
  pushDevices: () => [...settingsKeys.all, 'push-devices'] as const,
};
