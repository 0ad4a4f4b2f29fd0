// Sign-in page (/session/signin): username and password with visible labels, show/hide password,
// Enter submits, busy state, and a clear message for wrong credentials, lockout and no connection.
// After sign-in: back to the page that was asked for ('from'), else the role's home screen.
import { Alert, Anchor, Box, Button, Flex, Group, Image, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconWifiOff } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { LanguageSwitch } from '../../components/language-switch';
import { LOGO_URL } from '../../components/loading-screen';
import { ApiRequestError } from '../../lib/api';
import { useAuth } from './auth-context';
import type { FromState } from './guards';
import { homePathFor, SIGNIN_PATH } from './home-path';

type ErrorKey = 'auth.invalidCredentials' | 'auth.tooManyAttempts' | 'auth.offline' | 'auth.failed' | 'auth.required';

export function errorKeyFor(e: unknown): ErrorKey {
  if (e instanceof ApiRequestError) {
    if (e.isNetwork) return 'auth.offline';
    if (e.code === 'invalid_credentials') return 'auth.invalidCredentials';
    if (e.code === 'too_many_attempts' || e.status === 429) return 'auth.tooManyAttempts';
  }
  return 'auth.failed';
}

/** Only same-app paths are followed after sign-in (never another site, never the sign-in page itself). */
export function safeFrom(from: unknown): string | null {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  if (from.startsWith(SIGNIN_PATH)) return null;
  return from;
}

function useOnline() {
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

export default function SignInPage() {
  const { t } = useTranslation();
  const { login, status, user, sessionExpired } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const from = safeFrom((location.state as FromState | null)?.from);
  const online = useOnline();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorKey | null>(null);
  const justSignedIn = useRef(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // Typed into the rendered page before its script ran: kept (server/prerender.ts).
  useEffect(() => {
    if (usernameRef.current?.value) setUsername(usernameRef.current.value);
    if (passwordRef.current?.value) setPassword(passwordRef.current.value);
  }, []);

  useEffect(() => {
    document.title = `${t('auth.title')} · ${t('common.appName')}`;
  }, [t]);

  // Already signed in (and the server session is alive): nothing to do here.
  if (status === 'authenticated' && user && !sessionExpired && !justSignedIn.current) {
    return <Navigate to={from ?? homePathFor(user.role)} replace />;
  }

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    // Read from the form, not the state: the page arrives rendered (server/prerender.ts), and what was
    // typed before its script ran is in the inputs but may not have reached the state yet.
    const typed = new FormData(e.currentTarget);
    const username = String(typed.get('username') ?? '');
    const password = String(typed.get('password') ?? '');
    if (!username.trim() || !password) {
      setError('auth.required');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      justSignedIn.current = true;
      const u = await login(username, password);
      navigate(from ?? homePathFor(u.role), { replace: true });
    } catch (err) {
      justSignedIn.current = false;
      setError(errorKeyFor(err));
      setBusy(false);
      usernameRef.current?.focus();
    }
  };

  return (
    // The card starts near the top (not centred): on a phone or a counter tablet held upright the
    // on-screen keyboard covers the lower part of the screen, where a centred card put the password
    // box and the button (and a phone showed ~240 px blank above it).
    <Flex mih="100dvh" px="md" pb="md" pt="max(24px, 8dvh)" justify="center" align="flex-start" style={{ background: 'linear-gradient(160deg, var(--mantine-color-brand-0), var(--mantine-color-body) 60%)' }}>
      <Stack w="100%" maw={420} gap="md">
        <Group justify="space-between">
          <Anchor component={Link} to="/" size="sm">
            ← {t('auth.backHome')}
          </Anchor>
          <LanguageSwitch />
        </Group>
        <Paper withBorder shadow="md" p={{ base: 'lg', sm: 'xl' }} radius={8}>
          <Stack gap="md">
            <Group gap="sm" wrap="nowrap">
              <Image src={LOGO_URL} alt="" w={48} h={48} />
              <Box>
                <Title order={1} fz={24}>
                  {t('auth.title')}
                </Title>
                {/* Default text colour: Mantine's "dimmed" gray (#868e96) is 3.3:1 on white, below WCAG AA. */}
                <Text size="sm">
                  {t('auth.subtitle')}
                </Text>
              </Box>
            </Group>
            {!online && (
              <Alert color="secondary" variant="light" icon={<IconWifiOff size={18} />} data-testid="offline-notice">
                {t('auth.offlineNotice')}
              </Alert>
            )}
            {/* method="dialog": the page arrives rendered (server/prerender.ts); a submit before its script
                has run does nothing (never a GET that would put the password in the URL), and one after
                it ran but before React took the page over is sent again then (src/main.tsx). */}
            <form method="dialog" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={busy}>
              <Stack gap="sm">
                <TextInput
                  ref={usernameRef}
                  label={t('auth.username')}
                  name="username"
                  autoComplete="username"
                  autoCapitalize="none"
                  autoCorrect="off"
                  spellCheck={false}
                  value={username}
                  onChange={(e) => setUsername(e.currentTarget.value)}
                  disabled={busy}
                  required
                  data-autofocus
                  autoFocus
                  size="md"
                />
                <PasswordInput
                  ref={passwordRef}
                  label={t('auth.password')}
                  name="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                  disabled={busy}
                  required
                  size="md"
                  visibilityToggleFocusable
                  visibilityToggleButtonProps={{
                    // aria-pressed (set by Mantine) says whether the password is shown.
                    'aria-label': t('auth.showPassword'),
                  }}
                />
                {error && (
                  <Alert color="errorRed" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid="signin-error">
                    {t(error)}
                  </Alert>
                )}
                <Button type="submit" size="md" loading={busy} loaderProps={{ type: 'dots' }} fullWidth mt="xs">
                  {busy ? t('auth.busy') : t('auth.submit')}
                </Button>
              </Stack>
            </form>
          </Stack>
        </Paper>
      </Stack>
    </Flex>
  );
}
