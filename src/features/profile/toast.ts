// Toasts of the profile page (spec §2): top-center, closed after 1 second, no progress bar.
import { notifications } from '@mantine/notifications';

export const TOAST_AUTO_CLOSE_MS = 1000;

export function showProfileToast(message: string, kind: 'success' | 'error' | 'info' = 'info'): void {
  notifications.show({
    message,
    color: kind === 'success' ? 'green' : kind === 'error' ? 'red' : 'blue',
    position: 'top-center',
    autoClose: TOAST_AUTO_CLOSE_MS,
    withCloseButton: true,
    withAutoCloseProgress: false,
  });
}
