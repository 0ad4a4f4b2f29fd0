// /page-layouts/user-profile — the profile page of spec §2, working offline (ARCHITECTURE §6).
import { useEffect, useState } from 'react';
import { Alert, Button, Center, Container, Group, Loader, Stack, Text, Transition } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconAlertCircle, IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/page-shell';
import { PictureSuccessDialog } from './picture-success-dialog';
import { ProfileHeaderCard } from './profile-header-card';
import { ProfileInfoCard } from './profile-info-card';
import { useProfile } from './use-profile';

/** Page load animation (spec §9): 800 ms, none when the user prefers reduced motion. */
export const PAGE_ANIMATION_MS = 800;

export type ProfilePageProps = {
  /** What OK in the success dialog does; the spec reloads the page. */
  reload?: () => void;
};

export function ProfilePage({ reload = () => window.location.reload() }: ProfilePageProps) {
  const { t } = useTranslation();
  const p = useProfile();
  const reduceMotion = useReducedMotion();
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(true), []);

  if (p.phase === 'loading') {
    return (
      <PageShell title={t('pages.profile.title')}>
        <Center mih="50vh">
          <Loader aria-label={t('common.loading')} role="progressbar" />
        </Center>
      </PageShell>
    );
  }
  if (p.phase === 'error' || !p.user) {
    return (
      <PageShell title={t('pages.profile.title')}>
        <Center mih="50vh" px="md">
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert" maw={520} w="100%" data-testid="profile-load-error">
            <Stack gap="sm">
              <Text fw={600}>{t(p.loadError ?? 'profile.fetchFailed')}</Text>
              {p.loadError !== 'profile.noStoredUser' && (
                <Group>
                  <Button size="xs" variant="light" color="red" onClick={p.retry}>{t('profile.retry')}</Button>
                </Group>
              )}
            </Stack>
          </Alert>
        </Center>
      </PageShell>
    );
  }

  const user = p.user;
  return (
    <PageShell title={t('pages.profile.title')}>
      <Transition mounted={shown} transition="fade-up" duration={reduceMotion ? 0 : PAGE_ANIMATION_MS} timingFunction="ease">
        {(style) => (
          <Container size="md" px={0} w="100%" maw={880} mx="auto" style={style} data-testid="profile-page">
            <Stack gap="md">
              {p.offlineCopy && (
                <Group gap={6} c="dimmed" role="status">
                  <IconCloudOff size={16} aria-hidden />
                  <Text size="sm">{t('profile.offlineSavedCopy')}</Text>
                </Group>
              )}
              {p.rejection && (
                <Alert
                  color="red"
                  variant="light"
                  role="alert"
                  withCloseButton
                  closeButtonLabel={t('common.close')}
                  onClose={p.dismissRejection}
                  icon={<IconAlertCircle size={18} aria-hidden />}
                >
                  {t(p.rejection.kind === 'update' ? 'profile.rejected' : 'profile.pictureRejected', { reason: p.rejection.reason })}
                </Alert>
              )}
              <ProfileHeaderCard
                user={user}
                avatarSrc={p.avatarSrc}
                editing={p.editing}
                onToggleEdit={p.toggleEdit}
                hasChosen={!!p.chosen}
                uploading={p.uploading}
                waitingToUpload={p.waitingToUpload}
                onChoose={p.chooseFile}
                onUpload={() => void p.upload()}
              />
              {p.waitingToUpload && <Text size="xs" c="dimmed">{t('profile.pictureSavedOnDevice')}</Text>}
              <ProfileInfoCard
                user={user}
                admin={p.admin}
                editing={p.editing}
                form={p.form}
                onField={p.setField}
                nameError={p.nameError}
                saving={p.saving}
                saveError={p.saveError}
                waitingToSync={p.waitingToSync}
                onSave={() => void p.save()}
                onCancel={p.cancelEdit}
              />
              {p.waitingToSync && <Text size="xs" c="dimmed">{t('profile.savedOnDevice')}</Text>}
            </Stack>
            <PictureSuccessDialog opened={p.dialogOpen} onOk={reload} />
          </Container>
        )}
      </Transition>
    </PageShell>
  );
}

export default function ProfileRoute() {
  return <ProfilePage />;
}
