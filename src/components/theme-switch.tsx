// Picks the active named theme (spec §3); the choice is merged into the settings and kept per device.
import { ActionIcon, ColorSwatch, Group, Tooltip } from '@mantine/core';
import { IconCheck, IconPalette } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../lib/settings-context';
import { accentOf, themeNames, themePalettes } from '../lib/themes';
import { MoiMenu } from './menu';

export function ThemeSwitch() {
  const { t } = useTranslation();
  const { settings, updateSettings } = useSettings();
  return (
    <MoiMenu
      horizontalPosition="right"
      label={t('layout.theme')}
      width={240}
      trigger={
        <Tooltip label={t('layout.theme')}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('layout.theme')}>
            <IconPalette size={20} />
          </ActionIcon>
        </Tooltip>
      }
      items={themeNames.map((name) => ({
        key: name,
        label: (
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <span>{t(`layout.themeNames.${name}`)}</span>
            {settings.activeTheme === name && <IconCheck size={14} aria-label="✓" />}
          </Group>
        ),
        icon: <ColorSwatch color={accentOf(name)} size={16} style={{ outline: themePalettes[name].type === 'dark' ? '2px solid #222A45' : undefined }} />,
        onClick: () => updateSettings({ activeTheme: name }),
      }))}
    />
  );
}
