import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { ACCOUNT_TEXTS, ERROR_TEXTS } from '@starloop/contract';
import { useMutation } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { ErrorBanner } from '../../components/error-banner/error-banner.tsx';
import { NewPasswordFields } from '../../components/new-password-fields/new-password-fields.tsx';
import { notify } from '../../components/notify.ts';
import { messageOr } from '../../lib/api-errors.ts';
import { useForm } from '../../lib/use-form.ts';
import { useTrpc } from '../../lib/use-trpc.ts';
import { AuthFooterLink, AuthLayout } from './auth-layout.tsx';
import { ZNewPassword } from './password-token-page.tsx';
import { linkToken } from './token-search.ts';
import { useCompleteOwnerSignIn } from './use-complete-sign-in.ts';

export const INVITE_TEXT = {
  title: 'Join your team on StarLoop',
  subtitle:
    'Choose a password to accept the invitation. Already on StarLoop with this phone number? Enter your password instead; your name is kept.',
  name: 'Your name',
  submit: 'Accept invitation',
  failed: 'Could not accept the invitation. Please try again.',
} as const;

/** /invite#token=: a team invitation (owner.team.invite) accepted with a name and a password. */
export function InvitePage() {
  const hash = useLocation({ select: (location) => location.hash });
  const [token] = useState(() => linkToken(hash || window.location.hash, {}));
  const trpc = useTrpc();
  const accept = useMutation(trpc.public.invitations.accept.mutationOptions());
  const completeSignIn = useCompleteOwnerSignIn();
  const form = useForm(ZNewPassword, { password: '', confirm: '' }, { revalidate: true });
  const [name, setName] = useState('');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const footer = <AuthFooterLink to="/login" label="Back to login" />;

  if (!token) {
    return (
      <AuthLayout title={INVITE_TEXT.title} footer={footer}>
        <Alert color="red" variant="light" role="alert">
          {ACCOUNT_TEXTS.invitationInvalid}
        </Alert>
        <Text mt="md" size="sm">
          Ask the person who invited you for a new link.
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
      const answer = await accept.mutateAsync({
        token,
        password: input.password,
        ...(name.trim() ? { name: name.trim() } : {}),
      });
      notify.success(answer.message);
      await completeSignIn(answer);
    } catch (error) {
      setFailure(messageOr(error, INVITE_TEXT.failed, ERROR_TEXTS.network));
      setPending(false);
    }
  };

  return (
    <AuthLayout title={INVITE_TEXT.title} subtitle={INVITE_TEXT.subtitle} footer={footer}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <ErrorBanner message={failure} />
          <TextInput
            label={INVITE_TEXT.name}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            disabled={pending}
            maxLength={80}
            autoComplete="name"
          />
          <NewPasswordFields
            passwordLabel="Password"
            confirmLabel="Confirm password"
            password={form.input('password')}
            confirm={form.input('confirm')}
            common={{ disabled: pending, withAsterisk: true }}
          />
          <Button type="submit" fullWidth size="md" loading={pending}>
            {INVITE_TEXT.submit}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
