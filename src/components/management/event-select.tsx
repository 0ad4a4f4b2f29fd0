// Event chooser for the owner / admin screens; the choice lives in the address (?event=) so a
// page can be bookmarked or linked from the events list.
import { Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MoiEvent } from '../../../contract/entities';
import { formatDate } from '../../lib/format';

export function eventTitle(e: Pick<MoiEvent, 'titleTa' | 'titleEn'> | null | undefined, lang: string, fallback: string): string {
  if (!e) return fallback;
  const ta = e.titleTa?.trim();
  const en = e.titleEn?.trim();
  return (lang === 'ta' ? ta || en : en || ta) || fallback;
}

export function EventSelect({ events, value, onChange, label }: { events: Pick<MoiEvent, 'id' | 'titleTa' | 'titleEn' | 'date'>[]; value: string | null; onChange: (id: string) => void; label?: string }) {
  const { t, i18n } = useTranslation();
  // The box shows the title alone (a phone's select box cuts "title · date" in Tamil); the date joins it
  // only when two events share a title, and every option in the list shows its date under the title.
  const titles = events.map((e) => eventTitle(e, i18n.language, t('events.untitled')));
  const dateOf = new Map(events.map((e) => [e.id, formatDate(e.date, 'date', i18n.language)]));
  const data = events.map((e, i) => ({ value: e.id, label: titles.filter((x) => x === titles[i]).length > 1 ? `${titles[i]} · ${dateOf.get(e.id)}` : titles[i] }));
  const chosen = data.find((d) => d.value === value)?.label ?? '';
  // Typed text that is not an event is not kept: leaving the box shows the chosen event again.
  const [search, setSearch] = useState<string | null>(null);
  return (
    <Select
      searchValue={search ?? chosen}
      onSearchChange={setSearch}
      onBlur={() => setSearch(null)}
      label={label ?? t('events.pick.label')}
      placeholder={t('events.pick.placeholder')}
      data={data}
      value={value}
      onChange={(v) => { if (v) onChange(v); setSearch(null); }}
      allowDeselect={false}
      searchable
      renderOption={({ option }) => (
        <div>
          <Text size="sm">{option.label}</Text>
          <Text size="xs" c="dimmed">{dateOf.get(option.value)}</Text>
        </div>
      )}
      maw={480}
      w="100%"
    />
  );
}
