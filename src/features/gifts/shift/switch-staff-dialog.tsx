// "Switch staff" on a shared counter tablet: pick the next staff member and check their 6-digit
// (or legacy 4-digit) PIN on the device against the salted hash synced for this counter (works offline).
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, NativeSelect, PasswordInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StaffPin } from '../../../data/db';
import { pinDigitsOf, verifyPin } from './pin';
import type { OnDuty } from './use-shift';

export type SwitchStaffDialogProps = {
  opened: boolean;
  onClose: () => void;
  pins: StaffPin[];
  current: OnDuty | null;
  signedIn: OnDuty | null;
  onSwitched: (who: OnDuty | null) => void;
};

export function SwitchStaffDialog({ opened, onClose, pins, current, signedIn, onSwitched }: SwitchStaffDialogProps) {
  const { t } = useTranslation();
  const choices = pins.filter((p) => p.userId !== current?.userId);
  const [userId, setUserId] = useState('');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const selected = choices.find((p) => p.userId === userId) ?? choices[0];
  const digits = selected ? pinDigitsOf(selected) : 6;

  const reset = () => {
    setPin('');
    setError(null);
    setUserId('');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!selected) return;
    if (pin.length !== digits) {
      setError(t('gifts.shift.pinFormat', { digits }));
      return;
    }
    setBusy(true);
    const ok = await verifyPin(pin, selected);
    setBusy(false);
    if (!ok) {
      setError(t('gifts.shift.wrongPin'));
      setPin('');
      return;
    }
    onSwitched({ userId: selected.userId, name: selected.name });
    reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={() => { reset(); onClose(); }} title={t('gifts.shift.title')} centered>
      {choices.length === 0 ? (
        // PINs here but none for anyone else: the counter simply has no other staff member.
        <Alert color="yellow">{t(pins.length === 0 ? 'gifts.shift.noPins' : 'gifts.shift.noOtherStaff')}</Alert>
      ) : (
        <form onSubmit={submit}>
          <Stack>
            <NativeSelect
              label={t('gifts.shift.who')}
              data={choices.map((p) => ({ value: p.userId, label: p.name }))}
              value={selected?.userId ?? ''}
              onChange={(e) => { setUserId(e.currentTarget.value); setError(null); }}
              size="md"
            />
            <PasswordInput
              label={t('gifts.shift.pin', { digits })}
              value={pin}
              inputMode="numeric"
              autoComplete="off"
              data-autofocus
              maxLength={digits}
              size="md"
              onChange={(e) => { setPin(e.currentTarget.value.replace(/\D/g, '').slice(0, digits)); setError(null); }}
              error={error}
            />
            <Group justify="space-between">
              {signedIn && current?.userId !== signedIn.userId ? (
                <Button variant="subtle" onClick={() => { onSwitched(null); reset(); onClose(); }}>
                  {t('gifts.shift.backToMe', { name: signedIn.name })}
                </Button>
              ) : <span />}
              <Button type="submit" size="md" loading={busy}>{t('gifts.shift.submit')}</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
