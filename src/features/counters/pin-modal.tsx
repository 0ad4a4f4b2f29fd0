// Set a staff member's 6-digit shift PIN for one counter — from a counter's card (pick the staff
// member) or from a staff member's row (pick the counter). Needs the server; offline it says so.
import { PasswordInput, Select } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PIN_DIGITS } from '../../../contract/admin';
import { FormModal, submitWith, useModalSubmit } from '../../components/management/form-modal';

export function PinModal({ choices, selectLabel, title, save, onClose, onDone }: {
  /** Whom or where the PIN is for; the first is chosen at the start. */
  choices: { value: string; label: string }[];
  selectLabel: string;
  title: (choice: string | null) => string;
  /** Saves the PIN for the choice; returns the success message. */
  save: (choice: string, pin: string) => Promise<string>;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<string | null>(choices[0]?.value ?? null);
  const [pin, setPin] = useState('');
  const s = useModalSubmit({ onClose, onDone });
  const submit = () => {
    if (!choice) return;
    if (!new RegExp(`^\\d{${PIN_DIGITS}}$`).test(pin)) return s.setFailure(t('admin.counters.pinInvalid'));
    return s.run(() => save(choice, pin));
  };
  return (
    <FormModal onClose={onClose} title={title(choice)} onSubmit={submitWith(submit)} busy={s.busy} submitLabel={t('admin.common.save')} submitDisabled={!choice}>
      <Select label={selectLabel} data={choices} value={choice} onChange={setChoice} allowDeselect={false} />
      <PasswordInput
        label={t('admin.counters.pinLabel')}
        inputMode="numeric"
        maxLength={PIN_DIGITS}
        autoComplete="off"
        value={pin}
        onChange={(e) => setPin(e.currentTarget.value.replace(/\D/g, '').slice(0, PIN_DIGITS))}
        error={s.failure}
        data-autofocus
      />
    </FormModal>
  );
}
