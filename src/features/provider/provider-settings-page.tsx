// /admin/provider — the provider's settings (app admin): name, contact phone and e-mail shown on the
// landing page, the payment buttons of the price list, analytics. Saved on the server (PUT
// /moi/provider) and kept on this device for the landing page offline. Until saved, the server's
// environment gives the values shown here.
import { Alert, Button, Card, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { analyticsProviders, providerSettingsSchema, type ProviderSettings, type ProviderSettingsResponse } from '../../../contract/provider';
import { apiErrorText, RemoteStatus } from '../../components/management/api-error';
import { AdminPage } from '../../components/management/page';
import { apiFetch } from '../../lib/api';
import { rememberProviderSettings } from '../../lib/brand';
import { toApiError, useRemote } from '../../lib/use-remote';

type Key = keyof ProviderSettings;
type Form = Record<Key, string>;
const keys: Key[] = ['providerName', 'phone', 'email', 'paymentButtonSmart', 'paymentButtonPartner', 'analyticsProvider', 'analyticsId', 'analyticsSrc'];
const toForm = (s: ProviderSettings): Form => Object.fromEntries(keys.map((k) => [k, s[k] ?? ''])) as Form;

export default function ProviderSettingsPage() {
  const { t } = useTranslation();
  const remote = useRemote(() => apiFetch<ProviderSettingsResponse>('/moi/provider'), []);
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (remote.data && !form) setForm(toForm(remote.data.settings));
  }, [remote.data, form]);

  const set = (k: Key) => (e: { currentTarget: { value: string } }) => {
    const v = e.currentTarget.value;
    setForm((f) => (f ? { ...f, [k]: v } : f));
    setSaved(false);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form) return;
    const errs: Partial<Record<Key, string>> = {};
    for (const k of keys) if (!providerSettingsSchema.shape[k].safeParse(form[k]).success) errs[k] = t(`admin.provider.invalid.${k}`);
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    setFailure(null);
    try {
      const res = await apiFetch<ProviderSettingsResponse>('/moi/provider', { method: 'PUT', json: form });
      rememberProviderSettings(res.settings);
      setForm(toForm(res.settings));
      setSaved(true);
    } catch (err) {
      setFailure(apiErrorText(t, toApiError(err)));
    } finally {
      setBusy(false);
    }
  };

  const field = (k: Key, extra: { description?: string; inputMode?: 'tel' | 'email'; dir?: 'ltr' } = {}) => (
    <TextInput label={t(`admin.provider.${k}`)} value={form?.[k] ?? ''} onChange={set(k)} error={errors[k]} {...extra} />
  );

  return (
    <AdminPage title={t('pages.providerSettings.title')} intro={t('admin.provider.intro')}>
      <RemoteStatus remote={remote} empty={false} emptyTitle="" />
      {form ? (
        <Card withBorder maw={720}>
          <form onSubmit={submit} noValidate>
            <Stack>
              {remote.data?.source === 'environment' ? <Text size="sm" c="dimmed">{t('admin.provider.fromEnvironment')}</Text> : null}
              {field('providerName', { description: t('admin.provider.providerNameHint') })}
              {field('phone', { description: t('admin.provider.phoneHint'), inputMode: 'tel', dir: 'ltr' })}
              {field('email', { inputMode: 'email', dir: 'ltr' })}
              {field('paymentButtonSmart', { description: t('admin.provider.paymentHint'), dir: 'ltr' })}
              {field('paymentButtonPartner', { dir: 'ltr' })}
              <NativeSelect
                label={t('admin.provider.analyticsProvider')}
                value={form.analyticsProvider}
                onChange={set('analyticsProvider')}
                error={errors.analyticsProvider}
                data={[{ value: '', label: t('admin.provider.analyticsNone') }, ...analyticsProviders.map((p) => ({ value: p, label: t(`admin.provider.analytics.${p}`) }))]}
              />
              {field('analyticsId', { description: t('admin.provider.analyticsIdHint'), dir: 'ltr' })}
              {field('analyticsSrc', { description: t('admin.provider.analyticsSrcHint'), dir: 'ltr' })}
              {saved ? <Alert color="teal" role="status">{t('admin.provider.saved')}</Alert> : null}
              {failure ? <Alert color="red" role="alert">{failure}</Alert> : null}
              <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>{t('admin.provider.save')}</Button>
            </Stack>
          </form>
        </Card>
      ) : null}
    </AdminPage>
  );
}
