// Information card (spec §2, §5, §6): User ID, Username, Full Name, Mobile Number, User Type
// (hidden for app_admin and when empty). Only app_admin edits username and mobile; everyone edits the full name.
import { Alert, Badge, Button, Card, Group, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LocalUser } from '../../data/db';
import type { FormValues } from './use-profile';
import { MOBILE_LENGTH, showMobileHelper } from './profile-rules';

/** The stored user types with a catalogue entry (profile.userTypes); the key type keeps the two in step. */
const USER_TYPES = { staff: true } as const;

type Props = {
  user: LocalUser;
  admin: boolean;
  editing: boolean;
  form: FormValues;
  onField: (field: keyof FormValues, value: string) => void;
  nameError: boolean;
  saving: boolean;
  saveError: string | null;
  waitingToSync: boolean;
  onSave: () => void;
  onCancel: () => void;
};

export function ProfileInfoCard({ user, admin, editing, form, onField, nameError, saving, saveError, waitingToSync, onSave, onCancel }: Props) {
  const { t } = useTranslation();
  const view = !editing;
  // A known user type in the user's language; free text as typed; nothing shown when there is none.
  const rawType = user.userType?.trim() ?? '';
  const userType = rawType in USER_TYPES ? t(`profile.userTypes.${rawType as keyof typeof USER_TYPES}`) : rawType;
  const value = (v: string | null | undefined) => (v && v.length ? v : view ? t('profile.notSet') : '');

  return (
    <Card withBorder radius={8} padding="lg" shadow="xs">
      <Group justify="space-between" mb="md" gap="xs">
        <Title order={4}>{t('profile.informationTitle')}</Title>
        {waitingToSync && (
          <Badge color="yellow" variant="light" radius="sm" tt="none" leftSection={<IconClock size={12} aria-hidden />}>
            {t('profile.waitingToSync')}
          </Badge>
        )}
      </Group>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (editing) onSave();
        }}
        noValidate
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput label={t('profile.userId')} value={user.user_id} readOnly variant="filled" />
          <TextInput
            label={t('profile.username')}
            value={view ? user.username : form.username}
            readOnly={view}
            disabled={editing && !admin}
            variant={view ? 'filled' : 'default'}
            onChange={(e) => onField('username', e.currentTarget.value)}
            autoComplete="username"
          />
          <TextInput
            label={t('profile.fullName')}
            value={view ? user.name : form.name}
            readOnly={view}
            variant={view ? 'filled' : 'default'}
            onChange={(e) => onField('name', e.currentTarget.value)}
            error={editing && nameError ? t('profile.nameRequired') : undefined}
            autoComplete="name"
            data-autofocus
          />
          <TextInput
            label={t('profile.mobileNumber')}
            value={view ? value(user.mobile) : form.mobile}
            readOnly={view}
            disabled={editing && !admin}
            variant={view ? 'filled' : 'default'}
            inputMode="numeric"
            maxLength={MOBILE_LENGTH}
            onChange={(e) => onField('mobile', e.currentTarget.value)}
            error={editing && showMobileHelper(form.mobile) ? t('profile.mobileHelper') : undefined}
            autoComplete="tel-national"
          />
          {!admin && userType && <TextInput label={t('profile.userType')} value={userType} readOnly variant="filled" />}
        </SimpleGrid>
        {editing && !admin && (
          <Text size="xs" c="dimmed" mt="sm">{t('profile.adminOnlyHint')}</Text>
        )}
        {editing && saveError && (
          <Alert mt="md" color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {saveError}
          </Alert>
        )}
        {editing && (
          <Group mt="lg" justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={saving}>{t('profile.cancel')}</Button>
            <Button type="submit" disabled={saving}>{saving ? t('profile.saving') : t('profile.saveChanges')}</Button>
          </Group>
        )}
      </form>
    </Card>
  );
}
