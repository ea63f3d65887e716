import { Button, Container, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { ERROR_TEXTS, ZAdminLogin } from '@starloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useFormState } from '../../../components/edit-dialog/use-form-state.ts';
import { ErrorBanner } from '../../../components/error-banner/error-banner.tsx';
import { notify } from '../../../components/notify.ts';
import { startSession } from '../../../lib/session.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { isNetworkError, isServerError, serverMessage } from '../shared/errors.ts';

/** Texts of spec section 8, Admin login. */
export const ADMIN_LOGIN_TEXTS = {
  failed: 'Login failed',
  networkBanner: 'Network error. Please try again.',
  unexpectedToast: 'Login failed. Please try again.',
  unexpectedBanner: 'An unexpected error occurred.',
} as const;

/** What a failed sign-in shows: a toast and the general banner under the title. */
export function loginFailure(error: unknown): { toast: string; banner: string } {
  if (isServerError(error)) {
    const message = serverMessage(error) ?? ADMIN_LOGIN_TEXTS.failed;
    return { toast: message, banner: message };
  }
  if (isNetworkError(error)) return { toast: ERROR_TEXTS.network, banner: ADMIN_LOGIN_TEXTS.networkBanner };
  return { toast: ADMIN_LOGIN_TEXTS.unexpectedToast, banner: ADMIN_LOGIN_TEXTS.unexpectedBanner };
}

/** /admin-login: email and password; on success the admin token is stored and /admin-dashboard opens. */
export function AdminLoginPage() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useFormState({ email: '', password: '' });
  const [general, setGeneral] = useState<string | null>(null);
  const login = useMutation(trpc.admin.auth.login.mutationOptions());
  const busy = login.isPending;

  const submit = async () => {
    setGeneral(null);
    const input = form.validate((values) => ZAdminLogin.safeParse(values));
    if (!input) return;
    try {
      const result = await login.mutateAsync(input);
      if (!result?.token) throw new Error('No token in the sign-in answer');
      notify.success(result.message || ERROR_TEXTS.adminLoginSuccess);
      startSession('admin', result.token, { queryClient });
      await navigate({ to: '/admin-dashboard' });
    } catch (error) {
      const { toast, banner } = loginFailure(error);
      notify.error(toast);
      setGeneral(banner);
    }
  };

  return (
    <Container component="main" size={440} py={{ base: 'xl', sm: 80 }}>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
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
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              placeholder="admin@example.com"
              value={form.values.email}
              onChange={(event) => form.setField('email', event.currentTarget.value)}
              error={form.errors.email}
              disabled={busy}
              data-autofocus
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              value={form.values.password}
              onChange={(event) => form.setField('password', event.currentTarget.value)}
              error={form.errors.password}
              disabled={busy}
            />
            <Button type="submit" fullWidth disabled={busy}>
              {busy ? 'Logging in...' : 'Login'}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
