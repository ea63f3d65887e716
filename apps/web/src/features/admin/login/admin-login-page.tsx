import { Button, Container, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { ERROR_TEXTS, type TAdminTwoFactorChallenge, ZAdminLogin } from '@starloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ErrorBanner } from '../../../components/error-banner/error-banner.tsx';
import { notify } from '../../../components/notify.ts';
import { isNetworkError, isServerError, serverMessage } from '../../../lib/api-errors.ts';
import { startSession } from '../../../lib/session.ts';
import { submitHandler, useForm } from '../../../lib/use-form.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { ADMIN_LOGIN_TEXTS } from './admin-login-texts.ts';
import { EnrolStep, type TSignedIn, VerifyStep } from './two-factor-steps.tsx';

/** What a failed sign-in shows: a toast and the general banner under the title. */
export function loginFailure(error: unknown): { toast: string; banner: string } {
  if (isServerError(error)) {
    const message = serverMessage(error) ?? ADMIN_LOGIN_TEXTS.failed;
    return { toast: message, banner: message };
  }
  if (isNetworkError(error)) return { toast: ERROR_TEXTS.network, banner: ADMIN_LOGIN_TEXTS.networkBanner };
  return { toast: ADMIN_LOGIN_TEXTS.unexpectedToast, banner: ADMIN_LOGIN_TEXTS.unexpectedBanner };
}

/**
 * /admin-login: email and password; on success the admin token is stored and /admin-dashboard
 * opens. With two-factor sign-in the password answers a challenge instead: the second step (a code,
 * or setting up the app) finishes the sign-in.
 */
export function AdminLoginPage() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm(ZAdminLogin, { email: '', password: '' });
  const [general, setGeneral] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<TAdminTwoFactorChallenge | null>(null);
  const login = useMutation(trpc.admin.auth.login.mutationOptions());
  const busy = login.isPending;
  /** A field's value, change and error; like the button, it waits while the sign-in runs. */
  const field = (name: 'email' | 'password') => ({ ...form.input(name), disabled: busy });

  const signedIn = async (result: TSignedIn) => {
    notify.success(result.message || ERROR_TEXTS.adminLoginSuccess);
    startSession('admin', result.token, { queryClient });
    await navigate({ to: '/admin-dashboard' });
  };

  const restart = (message?: string) => {
    setChallenge(null);
    form.setField('password', '');
    setGeneral(message ?? null);
  };

  const submit = async () => {
    setGeneral(null);
    const input = form.submit();
    if (!input) return;
    try {
      const result = await login.mutateAsync(input);
      if (result?.twoFactor) {
        setChallenge(result.twoFactor);
        return;
      }
      if (!result?.token) throw new Error('No token in the sign-in answer');
      await signedIn({ token: result.token, message: result.message });
    } catch (error) {
      const { toast, banner } = loginFailure(error);
      notify.error(toast);
      setGeneral(banner);
    }
  };

  const step = challenge ? (
    challenge.step === 'enrol' ? (
      <EnrolStep challenge={challenge} onSignedIn={(r) => void signedIn(r)} onRestart={restart} />
    ) : (
      <VerifyStep challenge={challenge} onSignedIn={(r) => void signedIn(r)} onRestart={restart} />
    )
  ) : null;

  return (
    <Container component="main" size={440} py={{ base: 'xl', sm: 80 }}>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <div>
            <Title order={1} fz={26}>
              Admin Login
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              Sign in to the StarLoop back office.
            </Text>
          </div>
          <ErrorBanner message={general} onDismiss={() => setGeneral(null)} />
          {step ?? (
            <form noValidate onSubmit={submitHandler(() => void submit())}>
              <Stack gap="md">
                <TextInput
                  label="Email"
                  type="email"
                  autoComplete="username"
                  placeholder="admin@example.com"
                  {...field('email')}
                  data-autofocus
                />
                <PasswordInput label="Password" autoComplete="current-password" {...field('password')} />
                <Button type="submit" fullWidth disabled={busy}>
                  {busy ? 'Logging in...' : 'Login'}
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
