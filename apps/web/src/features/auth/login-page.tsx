import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { ERROR_TEXTS, ZOwnerLogin, ZPasswordResetRequest } from '@starloop/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { notify } from '../../components/notify.ts';
import { AnchorLink } from '../../components/router-links.tsx';
import { getStoredPhone } from '../../lib/auth.ts';
import { useTrpc } from '../../lib/use-trpc.ts';
import { isNetworkError, messageOr, serverMessage } from './api-errors.ts';
import { AuthLayout } from './auth-layout.tsx';
import { fieldErrors, type TFieldErrors } from './form-errors.ts';
import { phoneDigits } from './phone.ts';
import { useCompleteOwnerSignIn } from './use-complete-sign-in.ts';

/** Spec sections 5 and 8 (owner login), verbatim, and the forgot-password texts. */
export const LOGIN_TEXT = {
  title: 'Login',
  subtitle: 'Sign in to your StarLoop dashboard with your registered phone number.',
  phone: 'Phone number',
  password: 'Password',
  submit: 'Login',
  forgot: 'Forgot password?',
  noAccount: 'New to StarLoop?',
  register: 'Create an account',
  failed: ERROR_TEXTS.ownerLoginFailed,
  success: ERROR_TEXTS.ownerLoginSuccess,
  network: ERROR_TEXTS.network,
  forgotTitle: 'Forgot your password?',
  forgotSubtitle:
    "Enter the phone number you registered with. We'll email a reset link to the address on file.",
  sendLink: 'Send reset link',
  backToLogin: 'Back to login',
  resetFailed: 'Could not send the reset link. Please try again.',
} as const;

type TLoginField = 'contactNumber' | 'password';

/** /login: the owner signs in by phone and password, or asks for a reset link. */
export function LoginPage() {
  const [mode, setMode] = useState<'login' | 'forgot'>('login');
  const [phone, setPhone] = useState(() => getStoredPhone() ?? '');

  if (mode === 'forgot') {
    return (
      <AuthLayout title={LOGIN_TEXT.forgotTitle} subtitle={LOGIN_TEXT.forgotSubtitle}>
        <ForgotPasswordForm phone={phone} onPhoneChange={setPhone} onBack={() => setMode('login')} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title={LOGIN_TEXT.title}
      subtitle={LOGIN_TEXT.subtitle}
      footer={
        <>
          {LOGIN_TEXT.noAccount}{' '}
          <AnchorLink to="/register" fw={600}>
            {LOGIN_TEXT.register}
          </AnchorLink>
        </>
      }
    >
      <LoginForm phone={phone} onPhoneChange={setPhone} onForgot={() => setMode('forgot')} />
    </AuthLayout>
  );
}

interface TPhoneProps {
  phone: string;
  onPhoneChange: (phone: string) => void;
}

function LoginForm({ phone, onPhoneChange, onForgot }: TPhoneProps & { onForgot: () => void }) {
  const trpc = useTrpc();
  const login = useMutation(trpc.owner.login.mutationOptions());
  const completeSignIn = useCompleteOwnerSignIn();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<TFieldErrors<TLoginField>>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);

  const validate = (values: { contactNumber: string; password: string }) => {
    const result = ZOwnerLogin.safeParse(values);
    return result.success
      ? { data: result.data, errors: {} }
      : { errors: fieldErrors<TLoginField>(result.error.issues) };
  };

  const update = (next: { contactNumber: string; password: string }) => {
    if (submitted) setErrors(validate(next).errors);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const checked = validate({ contactNumber: phone, password });
    setErrors(checked.errors);
    if (!checked.data) return;
    setPending(true);
    try {
      const answer = await login.mutateAsync(checked.data);
      notify.success(answer.message || LOGIN_TEXT.success);
      await completeSignIn(answer);
    } catch (error) {
      notify.error(isNetworkError(error) ? LOGIN_TEXT.network : messageOr(error, LOGIN_TEXT.failed));
      setPending(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label={LOGIN_TEXT.phone}
          placeholder="10-digit mobile number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          value={phone}
          onChange={(event) => {
            const next = phoneDigits(event.currentTarget.value);
            onPhoneChange(next);
            update({ contactNumber: next, password });
          }}
          error={errors.contactNumber}
          disabled={pending}
          withAsterisk
        />
        <PasswordInput
          label={LOGIN_TEXT.password}
          placeholder="Your password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setPassword(next);
            update({ contactNumber: phone, password: next });
          }}
          error={errors.password}
          disabled={pending}
          withAsterisk
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor component="button" type="button" size="sm" onClick={onForgot} disabled={pending}>
            {LOGIN_TEXT.forgot}
          </Anchor>
        </Group>
        <Button type="submit" fullWidth size="md" loading={pending}>
          {LOGIN_TEXT.submit}
        </Button>
      </Stack>
    </form>
  );
}

function ForgotPasswordForm({ phone, onPhoneChange, onBack }: TPhoneProps & { onBack: () => void }) {
  const trpc = useTrpc();
  const request = useMutation(trpc.public.password.requestReset.mutationOptions());
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const result = ZPasswordResetRequest.safeParse({ contactNumber: phone });
    if (!result.success) {
      setError(result.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      const answer = await request.mutateAsync(result.data);
      setSent(answer.message);
    } catch (caught) {
      setFailure(
        isNetworkError(caught) ? LOGIN_TEXT.network : (serverMessage(caught) ?? LOGIN_TEXT.resetFailed),
      );
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {sent ? (
          <Alert color="green" variant="light" role="status" title="Check your email">
            {sent}
          </Alert>
        ) : null}
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <TextInput
          label={LOGIN_TEXT.phone}
          placeholder="10-digit mobile number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          value={phone}
          onChange={(event) => {
            onPhoneChange(phoneDigits(event.currentTarget.value));
            setError(undefined);
          }}
          error={error}
          disabled={request.isPending}
          withAsterisk
        />
        <Button type="submit" fullWidth size="md" loading={request.isPending}>
          {LOGIN_TEXT.sendLink}
        </Button>
        <Button variant="subtle" onClick={onBack} disabled={request.isPending}>
          {LOGIN_TEXT.backToLogin}
        </Button>
      </Stack>
    </form>
  );
}
