// Create / edit an event: title in Tamil and/or English, function type, date, venue, host names
// (bride and groom for a wedding), the receipt's thank-you note, the host's UPI id, owners and
// admins. Saving needs the server; offline the form stays open with what was typed.
import { Button, Group, Modal, MultiSelect, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser, EventSummary } from '../../../contract/admin';
import { functionTypes, type FunctionType } from '../../../contract/entities';
import { apiErrorText } from '../../components/admin-kit/api-error';
import { createEvent, updateEvent } from '../../lib/admin-api';
import { toApiError } from '../../lib/use-remote';

const UPI = /^[a-zA-Z0-9._-]{2,}@[a-zA-Z][a-zA-Z0-9.-]{1,}$/;

export type EventFormValues = {
  titleTa: string; titleEn: string; functionType: FunctionType; date: string; venue: string; hostNames: string;
  thankYouNote: string; upiId: string; ownerIds: string[]; adminIds: string[];
};

export function EventFormModal({ event, opened, onClose, onSaved, owners, admins, canAssign }: {
  event: EventSummary | null; opened: boolean; onClose: () => void; onSaved: () => void;
  owners: AdminUser[]; admins: AdminUser[]; canAssign: boolean;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<EventFormValues>({
    initialValues: {
      titleTa: event?.titleTa ?? '',
      titleEn: event?.titleEn ?? '',
      functionType: event?.functionType ?? 'wedding',
      date: event?.date ?? new Date().toISOString().slice(0, 10),
      venue: event?.venue ?? '',
      hostNames: event?.hostNames ?? '',
      thankYouNote: event?.thankYouNote ?? t('admin.eventForm.thankYouDefault'),
      upiId: event?.upiId ?? '',
      ownerIds: event?.ownerIds ?? [],
      adminIds: event?.adminIds ?? [],
    },
    validate: {
      titleEn: (v, all) => (v.trim() || all.titleTa.trim() ? null : t('admin.eventForm.titleRequired')),
      date: (v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? null : t('admin.eventForm.dateHint')),
      upiId: (v) => (!v.trim() || UPI.test(v.trim()) ? null : t('admin.eventForm.upiInvalid')),
    },
  });

  const submit = form.onSubmit(async (v) => {
    setBusy(true);
    setFailure(null);
    const body = {
      titleTa: v.titleTa.trim() || null,
      titleEn: v.titleEn.trim() || null,
      functionType: v.functionType,
      date: v.date,
      venue: v.venue.trim(),
      hostNames: v.hostNames.trim(),
      thankYouNote: v.thankYouNote.trim(),
      upiId: v.upiId.trim() || null,
      ...(canAssign ? { ownerIds: v.ownerIds, adminIds: v.adminIds } : {}),
    };
    try {
      if (event) await updateEvent(event.id, body);
      else await createEvent(body);
      notifications.show({ color: 'teal', message: t(event ? 'admin.eventForm.updated' : 'admin.eventForm.created') });
      if (!event) form.reset();
      onSaved();
      onClose();
    } catch (e) {
      setFailure(apiErrorText(t, toApiError(e)));
    } finally {
      setBusy(false);
    }
  });

  const userOptions = (list: AdminUser[]) => list.map((u) => ({ value: u.id, label: `${u.name} (${u.username})` }));
  const wedding = form.values.functionType === 'wedding';
  return (
    <Modal opened={opened} onClose={onClose} title={event ? t('admin.eventForm.editTitle') : t('admin.eventForm.createTitle')} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('admin.eventForm.titleTa')} lang="ta" data-autofocus {...form.getInputProps('titleTa')} />
            <TextInput label={t('admin.eventForm.titleEn')} {...form.getInputProps('titleEn')} />
            <Select
              label={t('admin.eventForm.functionType')}
              data={functionTypes.map((f) => ({ value: f, label: t(`events.functionType.${f}`) }))}
              allowDeselect={false}
              {...form.getInputProps('functionType')}
            />
            <TextInput label={t('admin.eventForm.date')} type="date" required {...form.getInputProps('date')} />
          </SimpleGrid>
          <TextInput label={t('admin.eventForm.venue')} {...form.getInputProps('venue')} />
          <TextInput
            label={wedding ? t('admin.eventForm.hostNamesWedding') : t('admin.eventForm.hostNames')}
            description={wedding ? t('admin.eventForm.hostNamesHint') : undefined}
            {...form.getInputProps('hostNames')}
          />
          <Textarea label={t('admin.eventForm.thankYouNote')} minRows={2} {...form.getInputProps('thankYouNote')} />
          <TextInput label={t('admin.eventForm.upiId')} description={t('admin.eventForm.upiHint')} autoComplete="off" {...form.getInputProps('upiId')} />
          {canAssign ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <MultiSelect label={t('admin.eventForm.owners')} data={userOptions(owners)} searchable {...form.getInputProps('ownerIds')} />
              <MultiSelect label={t('admin.eventForm.admins')} data={userOptions(admins)} searchable {...form.getInputProps('adminIds')} />
            </SimpleGrid>
          ) : null}
          {failure ? <Text c="red" size="sm" role="alert">{failure}</Text> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('admin.common.cancel')}</Button>
            <Button type="submit" loading={busy}>{event ? t('admin.common.save') : t('admin.common.create')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
