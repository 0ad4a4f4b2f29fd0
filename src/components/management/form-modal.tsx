// The submit pattern of the admin screens' dialogs, once: a pending state on the submit button, a
// success notification, close on success, and a failure said in the user's language inside the
// dialog (or on the field it concerns) while everything typed stays in place.
import { Button, Group, Modal, Stack, Text, type ModalProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiRequestError, toApiError } from '../../lib/api-error';
import { apiErrorText } from './api-error';

export type ModalSubmit = {
  busy: boolean;
  /** The failure to show in the dialog, or null. */
  failure: string | null;
  setFailure: (f: string | null) => void;
  /** Runs `work`; on success notifies its message (if any), calls onDone and onClose. Resolves true on success. */
  run: (work: () => Promise<string | void>) => Promise<boolean>;
};

export function useModalSubmit({ onClose, onDone, onError }: {
  onClose: () => void;
  onDone?: () => void;
  /** Show an error on a field instead (e.g. a taken username); return true when it did. */
  onError?: (err: ApiRequestError, text: string) => boolean;
}): ModalSubmit {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = useCallback(async (work: () => Promise<string | void>) => {
    setBusy(true);
    setFailure(null);
    try {
      const message = await work();
      if (message) notifications.show({ color: 'teal', message });
      onDone?.();
      onClose();
      return true;
    } catch (e) {
      const err = toApiError(e);
      const text = apiErrorText(t, err);
      if (!onError?.(err, text)) setFailure(text);
      return false;
    } finally {
      setBusy(false);
    }
  }, [t, onClose, onDone, onError]);
  return { busy, failure, setFailure, run };
}

/** A dialog holding one form: fields, the failure (if any), Cancel and the submit button (Enter submits). */
export function FormModal({ opened = true, onClose, title, size, onSubmit, busy, failure, submitLabel, submitColor, submitDisabled, children }: {
  opened?: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalProps['size'];
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  failure?: string | null;
  submitLabel: string;
  submitColor?: string;
  submitDisabled?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {children}
          {failure ? <Text c="red" size="sm" role="alert">{failure}</Text> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('admin.common.cancel')}</Button>
            <Button type="submit" loading={busy} color={submitColor} disabled={submitDisabled}>{submitLabel}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** For a dialog without @mantine/form: prevent the page submit and run the save. */
export const submitWith = (save: () => unknown) => (e: FormEvent<HTMLFormElement>) => {
  e.preventDefault();
  void save();
};

/**
 * A one-click action outside a dialog (disable a user, close an event, cancel a membership): runs
 * `work`, notifies the message it returns, then `after` (a reload); a failure is notified in the
 * user's language.
 */
export function useNotifyAction() {
  const { t } = useTranslation();
  return useCallback(async (work: () => Promise<string>, after?: () => Promise<void> | void) => {
    try {
      const message = await work();
      notifications.show({ color: 'teal', message });
      await after?.();
    } catch (e) {
      notifications.show({ color: 'red', message: apiErrorText(t, toApiError(e)) });
    }
  }, [t]);
}
