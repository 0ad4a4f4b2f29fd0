// Header card (spec §2): avatar with upload overlay, full name, user id, role chip, edit/cancel
// toggle, and 'Update DP' once a picture is chosen; the "waiting to upload" badge when queued offline.
import { useId, useRef } from 'react';
import { ActionIcon, Avatar, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCamera, IconClock, IconPencil, IconUpload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LocalUser } from '../../data/db';
import { formatRole } from './profile-rules';
import classes from './profile.module.css';

type Props = {
  user: LocalUser;
  avatarSrc: string;
  editing: boolean;
  onToggleEdit: () => void;
  hasChosen: boolean;
  uploading: boolean;
  waitingToUpload: boolean;
  onChoose: (file: File | null) => void;
  onUpload: () => void;
};

export function ProfileHeaderCard({ user, avatarSrc, editing, onToggleEdit, hasChosen, uploading, waitingToUpload, onChoose, onUpload }: Props) {
  const { t, i18n } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const tamilRoles: Record<string, string> = {
    app_admin: t('layout.roles.app_admin'),
    event_admin: t('layout.roles.event_admin'),
    event_owner: t('layout.roles.event_owner'),
    counter_staff: t('layout.roles.counter_staff'),
  };
  // English follows the spec rule (underscores → spaces, capitalised); Tamil uses the role names the top bar shows.
  const roleLabel = i18n.language === 'ta' && user.role && tamilRoles[user.role]
    ? tamilRoles[user.role]
    : formatRole(user.role, t('profile.roleFallback'));
  const openPicker = () => inputRef.current?.click();

  return (
    <Card withBorder radius={8} padding="lg" shadow="xs">
      <Group wrap="nowrap" align="center" gap="md">
        <div className={classes.avatarWrap}>
          <Avatar src={avatarSrc} alt={t('profile.avatarAlt', { name: user.name })} size={96} radius="50%" />
          <label htmlFor={inputId} className={classes.overlay} data-testid="avatar-overlay">
            <IconCamera size={22} aria-hidden />
            <span>{t('profile.changePicture')}</span>
          </label>
          <ActionIcon
            className={classes.touchTarget}
            radius="xl"
            size="lg"
            variant="filled"
            onClick={openPicker}
            aria-label={t('profile.changePicture')}
            tabIndex={-1}
          >
            <IconCamera size={18} aria-hidden />
          </ActionIcon>
          <input
            ref={inputRef}
            id={inputId}
            className={classes.fileInput}
            type="file"
            accept="image/*"
            aria-label={t('profile.choosePicture')}
            onChange={(e) => {
              onChoose(e.currentTarget.files?.[0] ?? null);
              e.currentTarget.value = '';
            }}
          />
        </div>
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Title order={3} style={{ overflowWrap: 'anywhere' }}>{user.name}</Title>
          <Text c="dimmed" size="sm">{user.user_id}</Text>
          <Group gap={6}>
            <Badge variant="light" radius="sm" tt="none" data-testid="role-chip">{roleLabel}</Badge>
            {waitingToUpload && (
              <Badge color="yellow" variant="light" radius="sm" tt="none" leftSection={<IconClock size={12} aria-hidden />}>
                {t('profile.waitingToUpload')}
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>
      <Group mt="md" gap="sm" justify="flex-end">
        {(hasChosen || uploading) && (
          <Button
            onClick={onUpload}
            disabled={uploading}
            leftSection={<IconUpload size={16} aria-hidden />}
          >
            {uploading ? t('profile.uploading') : t('profile.updateDp')}
          </Button>
        )}
        <Button
          variant={editing ? 'default' : 'light'}
          onClick={onToggleEdit}
          leftSection={editing ? <IconX size={16} aria-hidden /> : <IconPencil size={16} aria-hidden />}
          aria-pressed={editing}
        >
          {editing ? t('profile.cancel') : t('profile.edit')}
        </Button>
      </Group>
    </Card>
  );
}
