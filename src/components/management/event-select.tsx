// Event chooser for the owner / admin screens; the choice lives in the address (?event=) so a
// page can be bookmarked or linked from the events list.
import { Select } from '@mantine/core';
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
  const data = events.map((e) => ({ value: e.id, label: `${eventTitle(e, i18n.language, t('events.untitled'))} · ${formatDate(e.date, 'date', i18n.language)}` }));
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
      maw={480}
      w="100%"
    />
  );
}
