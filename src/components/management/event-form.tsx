// Create / edit an event: title in Tamil and/or English, function type, date, venue, host names
// (bride and groom for a wedding), the receipt's thank-you note, the host's UPI id, and — for the
// app admin only (`canAssign`) — owners and admins. The app admin (/admin/eventownerpage) and an
// event's own admins (/event/counter) use this same form. Saving needs the server (REST, as every
// event change); offline the form stays open with what was typed and says a connection is needed.
import { MultiSelect, Select, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { AdminUser, CreateEventBody, UpdateEventBody } from '../../../contract/admin';
import { functionTypes, type FunctionType, type MoiEvent } from '../../../contract/entities';
import { DateField } from '../date-field';
import { localDay } from '../../lib/typed-date';
import { FormModal, useModalSubmit } from './form-modal';

const UPI = /^[a-zA-Z0-9._-]{2,}@[a-zA-Z][a-zA-Z0-9.-]{1,}$/;

export type EventFormValues = {
  titleTa: string; titleEn: string; functionType: FunctionType; date: string; venue: string; hostNames: string;
  thankYouNote: string; upiId: string; ownerIds: string[]; adminIds: string[];
};

/** What the form edits of an event (a server summary or the device's copy). */
export type EditableEvent = Pick<MoiEvent, 'id' | 'titleTa' | 'titleEn' | 'functionType' | 'date' | 'venue' | 'hostNames' | 'thankYouNote' | 'upiId' | 'ownerIds' | 'adminIds'>;

/** The event calls the screen makes (lib/admin-api.ts): this form shows and asks, the page's feature calls. */
export type EventCalls = {
  create: (body: CreateEventBody) => Promise<unknown>;
  update: (id: string, body: UpdateEventBody) => Promise<unknown>;
};

export function EventFormModal({ event, opened, onClose, onSaved, calls, owners = [], admins = [], canAssign }: {
  event: EditableEvent | null; opened: boolean; onClose: () => void; onSaved: () => void; calls: EventCalls;
  owners?: AdminUser[]; admins?: AdminUser[]; canAssign: boolean;
}) {
  const { t } = useTranslation();
  const form = useForm<EventFormValues>({
    initialValues: {
      titleTa: event?.titleTa ?? '',
      titleEn: event?.titleEn ?? '',
      functionType: event?.functionType ?? 'wedding',
      date: event?.date ?? localDay(),
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
  const s = useModalSubmit({ onClose, onDone: onSaved });

  const submit = form.onSubmit((v) => s.run(async () => {
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
    if (event) await calls.update(event.id, body);
    else {
      await calls.create(body);
      form.reset();
    }
    return t(event ? 'admin.eventForm.updated' : 'admin.eventForm.created');
  }));

  const userOptions = (list: AdminUser[]) => list.map((u) => ({ value: u.id, label: `${u.name} (${u.username})` }));
  const wedding = form.values.functionType === 'wedding';
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={event ? t('admin.eventForm.editTitle') : t('admin.eventForm.createTitle')}
      size="lg"
      onSubmit={submit}
      busy={s.busy}
      failure={s.failure}
      submitLabel={event ? t('admin.common.save') : t('admin.common.create')}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label={t('admin.eventForm.titleTa')} lang="ta" data-autofocus {...form.getInputProps('titleTa')} />
        <TextInput label={t('admin.eventForm.titleEn')} {...form.getInputProps('titleEn')} />
        <Select
          label={t('admin.eventForm.functionType')}
          data={functionTypes.map((f) => ({ value: f, label: t(`glossary.functionType.${f}`) }))}
          allowDeselect={false}
          {...form.getInputProps('functionType')}
        />
        <DateField label={t('admin.eventForm.date')} required {...form.getInputProps('date')} />
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
    </FormModal>
  );
}
