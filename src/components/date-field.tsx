// The one date field: a box the date can be typed into (24/11/2026, 2026-11-24, "24 நவம்பர் 2026")
// with a calendar under it in the user's language (month and day names in Tamil in Tamil mode). The
// value in and out stays YYYY-MM-DD ('' for none), as the forms and the API had it with the native
// <input type="date">, whose "mm/dd/yyyy" box followed the browser instead of the app's language.
// Only the signed-in screens import it: @mantine/dates stays off the landing route.
import { DateInput, DatesProvider, type DateInputProps } from '@mantine/dates';
import '@mantine/dates/styles.css';
import 'dayjs/locale/ta';
import { useTranslation } from 'react-i18next';
import { formatDate, localeOf } from '../lib/format';
import { parseTypedDate } from '../lib/typed-date';
import classes from './date-field.module.css';

type DateFieldProps = Omit<DateInputProps, 'value' | 'defaultValue' | 'onChange' | 'dateParser' | 'valueFormat' | 'label'> & {
  /** Always shown above the box (every form field has a visible label). */
  label: string;
  /** YYYY-MM-DD, or '' for no date (optional in type only: @mantine/form's getInputProps types it so). */
  value?: string;
  onChange: (value: string) => void;
};

const monthYear = new Map<string, Intl.DateTimeFormat>();
const monthShort = new Map<string, Intl.DateTimeFormat>();
const cached = (cache: Map<string, Intl.DateTimeFormat>, locale: string, options: Intl.DateTimeFormatOptions) => {
  let f = cache.get(locale);
  if (!f) cache.set(locale, (f = new Intl.DateTimeFormat(locale, options)));
  return f;
};
/** A calendar value ('2026-11-24', maybe with a time) as that local day, not midnight UTC. */
const dayOf = (value: string) => new Date(`${value.slice(0, 10)}T00:00:00`);

export function DateField({ value, onChange, label, clearable, ...rest }: DateFieldProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const locale = localeOf(lang);
  return (
    // Sunday first and the one holiday, as Indian wall calendars print them.
    <DatesProvider settings={{ locale: lang.startsWith('ta') ? 'ta' : 'en', firstDayOfWeek: 0 }}>
      <DateInput
        label={label}
        value={value || null}
        onChange={(v) => onChange(v ? v.slice(0, 10) : '')}
        dateParser={parseTypedDate}
        // The app's one date formatter, so the box reads as dates do on every other screen.
        valueFormat={(v) => formatDate(v.slice(0, 10), 'dateLong', lang)}
        monthLabelFormat={(v) => cached(monthYear, locale, { month: 'long', year: 'numeric' }).format(dayOf(v))}
        monthsListFormat={(v) => cached(monthShort, locale, { month: 'short' }).format(dayOf(v))}
        placeholder={t('common.dateField.placeholder')}
        nextLabel={t('common.dateField.nextMonth')}
        previousLabel={t('common.dateField.previousMonth')}
        weekendDays={[0]}
        classNames={{ day: classes.day }}
        clearable={clearable}
        clearButtonProps={clearable ? { 'aria-label': t('common.dateField.clear') } : undefined}
        {...rest}
      />
    </DatesProvider>
  );
}
