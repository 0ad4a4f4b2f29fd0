// /counter/membership/form — a guest's sign-up request taken at the counter. Saved on the device
// with its outbox mutation (signup.create), so it works offline and reaches the office later.
import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { functionTypes, plans, type FunctionType } from '../../../contract/entities';
import { DateField } from '../../components/date-field';
import { PageShell } from '../../components/page-shell';
import { createSignup } from '../../data/gifts-repo';
import { requireSignedInUser } from '../../lib/auth-store';

type Plan = (typeof plans)[number];
type Errors = Partial<Record<'name' | 'mobile' | 'expectedDate', string>>;

export default function SignupFormPage() {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [mobile, setMobile] = useState('');
  const [village, setVillage] = useState('');
  const [functionType, setFunctionType] = useState<FunctionType>('wedding');
  const [expectedDate, setExpectedDate] = useState('');
  const [plan, setPlan] = useState<Plan>('smart_track');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs: Errors = {};
    if (!name.trim()) errs.name = t('membership.form.nameRequired');
    if (!/^\d{10}$/.test(mobile)) errs.mobile = t('membership.form.mobileInvalid');
    if (expectedDate && !/^\d{4}-\d{2}-\d{2}$/.test(expectedDate)) errs.expectedDate = t('membership.form.dateInvalid');
    setErrors(errs);
    setSaved(false);
    if (Object.keys(errs).length) return;
    setBusy(true);
    setFailure(null);
    try {
      await createSignup({ name: name.trim(), mobile, village: village.trim(), functionType, expectedDate: expectedDate || null, plan, takenBy: requireSignedInUser().id });
      setSaved(true);
      setName('');
      setMobile('');
      setVillage('');
      setExpectedDate('');
    } catch (err) {
      setFailure(t('membership.form.failed', { message: err instanceof Error ? err.message : String(err) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageShell title={t('pages.signupForm.title')}>
      <Card withBorder maw={640}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput label={t('membership.form.name')} required value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} size="md" />
            <TextInput
              label={t('membership.form.mobile')}
              required
              inputMode="numeric"
              value={mobile}
              onChange={(e) => setMobile(e.currentTarget.value.replace(/\D/g, '').slice(0, 10))}
              error={errors.mobile ?? (mobile && mobile.length !== 10 ? t('membership.form.mobileInvalid') : undefined)}
              size="md"
            />
            <TextInput label={t('membership.form.village')} value={village} onChange={(e) => setVillage(e.currentTarget.value)} size="md" />
            <NativeSelect
              label={t('membership.form.functionType')}
              value={functionType}
              onChange={(e) => setFunctionType(e.currentTarget.value as FunctionType)}
              data={functionTypes.map((f) => ({ value: f, label: t(`glossary.functionType.${f}`) }))}
              size="md"
            />
            <DateField
              label={t('membership.form.expectedDate')}
              value={expectedDate}
              onChange={setExpectedDate}
              clearable
              error={errors.expectedDate}
              size="md"
            />
            <NativeSelect
              label={t('membership.form.plan')}
              value={plan}
              onChange={(e) => setPlan(e.currentTarget.value as Plan)}
              data={plans.map((p) => ({ value: p, label: `${t(`membership.plan.${p}.title`)} — ${t(`membership.plan.${p}.price`)} ${t(`membership.plan.${p}.period`)}` }))}
              size="md"
            />
            {saved && <Alert color="teal" role="status">{t('membership.form.saved')}</Alert>}
            {failure && <Alert color="red" role="alert">{failure}</Alert>}
            <Button type="submit" size="lg" loading={busy}>{t('membership.form.submit')}</Button>
          </Stack>
        </form>
      </Card>
    </PageShell>
  );
}
