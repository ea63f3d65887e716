import { Alert, Button, Stack, Text } from '@mantine/core';
import { ERROR_TEXTS, MESSAGES, PUBLIC_TEXTS, ZRegistrationUserData } from '@starloop/contract';
import { useMutation } from '@tanstack/react-query';
import { useLocation, useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import { ErrorBanner } from '../../components/error-banner/error-banner.tsx';
import { NewPasswordFields } from '../../components/new-password-fields/new-password-fields.tsx';
import { notify } from '../../components/notify.ts';
import { AnchorLink } from '../../components/router-links.tsx';
import { messageOr } from '../../lib/api-errors.ts';
import { useForm } from '../../lib/use-form.ts';
import { useTrpc } from '../../lib/use-trpc.ts';
import { AuthFooterLink, AuthLayout } from './auth-layout.tsx';
import { linkToken } from './token-search.ts';
import { useCompleteOwnerSignIn } from './use-complete-sign-in.ts';

export type TPasswordTokenKind = 'set' | 'reset';

export const PASSWORD_TOKEN_TEXT = {
  set: {
    title: 'Set your password',
    subtitle:
      'Welcome to StarLoop! Your account is ready: choose a password, then sign in any time with your phone number.',
    submit: 'Set password and continue',
  },
  reset: {
    title: 'Reset your password',
    subtitle: 'Choose a new password for your StarLoop account. You will be signed in right after.',
    submit: 'Reset password',
  },
  password: 'New password',
  confirm: 'Confirm password',
  invalidLink: PUBLIC_TEXTS.tokenInvalid,
  askAgain: 'Ask for a new link',
  failed: 'Could not set your password. Please try again.',
  network: ERROR_TEXTS.network,
  signedIn: PUBLIC_TEXTS.passwordSet,
} as const;

/** The registration's password rule, typed twice (spec section 5). */
export const ZNewPassword = ZRegistrationUserData.pick({ password: true })
  .extend({ confirm: z.string() })
  // Checked even when the password itself is still too short, as both fields show their problem.
  .refine((v) => !v.password || v.confirm === v.password, {
    message: MESSAGES.registration.passwordMismatch,
    path: ['confirm'],
    when: () => true,
  });

/**
 * /set-password#token= (an onboarded owner's one-time link) and /reset-password#token= (a reset
 * link): a new password, public.password.setWithToken, then signed in on /dashboard.
 */
export function PasswordTokenPage({ kind }: { kind: TPasswordTokenKind }) {
  // The fragment, or the query of older links (the route validated ?token=, token-search.ts).
  const search = useSearch({ strict: false }) as { token?: string };
  const hash = useLocation({ select: (location) => location.hash });
  const [token] = useState(() => linkToken(hash || window.location.hash, search));
  const texts = PASSWORD_TOKEN_TEXT[kind];
  const trpc = useTrpc();
  const setPassword = useMutation(trpc.public.password.setWithToken.mutationOptions());
  const completeSignIn = useCompleteOwnerSignIn();
  const form = useForm(ZNewPassword, { password: '', confirm: '' }, { revalidate: true });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();

  const footer = <AuthFooterLink to="/login" label="Back to login" />;

  if (!token) {
    return (
      <AuthLayout title={texts.title} footer={footer}>
        <Alert color="red" variant="light" role="alert">
          {PASSWORD_TOKEN_TEXT.invalidLink}
        </Alert>
        <Text mt="md" size="sm">
          <AnchorLink to="/login">{PASSWORD_TOKEN_TEXT.askAgain}</AnchorLink> from the login page ("Forgot
          password?").
        </Text>
      </AuthLayout>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const input = form.submit();
    if (!input) return;
    setPending(true);
    try {
      const answer = await setPassword.mutateAsync({ token, password: input.password });
      notify.success(answer.message || PASSWORD_TOKEN_TEXT.signedIn);
      await completeSignIn(answer);
    } catch (error) {
      setFailure(messageOr(error, PASSWORD_TOKEN_TEXT.failed, PASSWORD_TOKEN_TEXT.network));
      setPending(false);
    }
  };

  return (
    <AuthLayout title={texts.title} subtitle={texts.subtitle} footer={footer}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <ErrorBanner message={failure} />
          <NewPasswordFields
            passwordLabel={PASSWORD_TOKEN_TEXT.password}
            confirmLabel={PASSWORD_TOKEN_TEXT.confirm}
            password={form.input('password')}
            confirm={form.input('confirm')}
            common={{ disabled: pending, withAsterisk: true }}
          />
          <Button type="submit" fullWidth size="md" loading={pending}>
            {texts.submit}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}

/** The pages of the two emailed links (routes/_app/set-password.tsx and reset-password.tsx). */
export const SetPasswordPage = () => <PasswordTokenPage kind="set" />;
export const ResetPasswordPage = () => <PasswordTokenPage kind="reset" />;
