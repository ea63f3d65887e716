import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { ERROR_TEXTS, LIMITS, MESSAGES, PUBLIC_TEXTS } from '@starloop/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { notify } from '../../components/notify.ts';
import { AnchorLink } from '../../components/router-links.tsx';
import { useTrpc } from '../../lib/use-trpc.ts';
import { isNetworkError, messageOr } from './api-errors.ts';
import { AuthLayout } from './auth-layout.tsx';
import { useCompleteOwnerSignIn } from './use-complete-sign-in.ts';

export type TPasswordTokenKind = 'set' | 'reset';

const m = MESSAGES.registration;

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

type TField = 'password' | 'confirm';

export function validateNewPassword(password: string, confirm: string): Partial<Record<TField, string>> {
  const errors: Partial<Record<TField, string>> = {};
  if (!password) errors.password = m.passwordRequired;
  else if (password.length < LIMITS.passwordMin) errors.password = m.passwordMin;
  if (password && confirm !== password) errors.confirm = m.passwordMismatch;
  return errors;
}

/**
 * /set-password?token= (an onboarded owner's one-time link) and /reset-password?token= (a reset
 * link): a new password, public.password.setWithToken, then signed in on /dashboard.
 */
export function PasswordTokenPage({ kind, token }: { kind: TPasswordTokenKind; token: string | undefined }) {
  const texts = PASSWORD_TOKEN_TEXT[kind];
  const trpc = useTrpc();
  const setPassword = useMutation(trpc.public.password.setWithToken.mutationOptions());
  const completeSignIn = useCompleteOwnerSignIn();
  const [password, setPasswordValue] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Partial<Record<TField, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();

  const footer = (
    <AnchorLink to="/login" fw={600}>
      Back to login
    </AnchorLink>
  );

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
    setSubmitted(true);
    setFailure(undefined);
    const found = validateNewPassword(password, confirm);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      const answer = await setPassword.mutateAsync({ token, password });
      notify.success(answer.message || PASSWORD_TOKEN_TEXT.signedIn);
      await completeSignIn(answer);
    } catch (error) {
      setFailure(
        isNetworkError(error) ? PASSWORD_TOKEN_TEXT.network : messageOr(error, PASSWORD_TOKEN_TEXT.failed),
      );
      setPending(false);
    }
  };

  return (
    <AuthLayout title={texts.title} subtitle={texts.subtitle} footer={footer}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          ) : null}
          <PasswordInput
            label={PASSWORD_TOKEN_TEXT.password}
            description={`At least ${LIMITS.passwordMin} characters`}
            autoComplete="new-password"
            value={password}
            onChange={(event) => {
              const next = event.currentTarget.value;
              setPasswordValue(next);
              if (submitted) setErrors(validateNewPassword(next, confirm));
            }}
            error={errors.password}
            disabled={pending}
            withAsterisk
          />
          <PasswordInput
            label={PASSWORD_TOKEN_TEXT.confirm}
            autoComplete="new-password"
            value={confirm}
            onChange={(event) => {
              const next = event.currentTarget.value;
              setConfirm(next);
              if (submitted) setErrors(validateNewPassword(password, next));
            }}
            error={errors.confirm}
            disabled={pending}
            withAsterisk
          />
          <Button type="submit" fullWidth size="md" loading={pending}>
            {texts.submit}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
