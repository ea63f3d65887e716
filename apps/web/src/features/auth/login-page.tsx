import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { ERROR_TEXTS, ZOwnerLogin, ZPasswordResetRequest } from '@starloop/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ErrorBanner } from '../../components/error-banner/error-banner.tsx';
import { notify } from '../../components/notify.ts';
import { messageOr } from '../../lib/api-errors.ts';
import { getStoredPhone } from '../../lib/auth.ts';
import { submitHandler, useForm } from '../../lib/use-form.ts';
import { useTrpc } from '../../lib/use-trpc.ts';
import { AuthFooterLink, AuthLayout } from './auth-layout.tsx';
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
      footer={<AuthFooterLink question={LOGIN_TEXT.noAccount} to="/register" label={LOGIN_TEXT.register} />}
    >
      <LoginForm phone={phone} onPhoneChange={setPhone} onForgot={() => setMode('forgot')} />
    </AuthLayout>
  );
}

interface TPhoneInputProps {
  /** The form whose `contactNumber` this is. */
  form: {
    values: { contactNumber: string };
    errors: { contactNumber?: string | undefined };
    setField: (field: 'contactNumber', value: string) => void;
  };
  /** Called with the digits only: both forms keep the phone typed in either. */
  onPhoneChange: (digits: string) => void;
  disabled: boolean;
}

/** The registered phone number, digits only (the login and forgot-password forms). */
function PhoneInput({ form, onPhoneChange, disabled }: TPhoneInputProps) {
  return (
    <TextInput
      label={LOGIN_TEXT.phone}
      placeholder="10-digit mobile number"
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      value={form.values.contactNumber}
      onChange={(event) => {
        const digits = phoneDigits(event.currentTarget.value);
        onPhoneChange(digits);
        form.setField('contactNumber', digits);
      }}
      error={form.errors.contactNumber}
      disabled={disabled}
      withAsterisk
    />
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
  // The phone is shared with the forgot-password form, so the page keeps it too.
  const form = useForm(ZOwnerLogin, { contactNumber: phone, password: '' }, { revalidate: true });
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = form.submit();
    if (!input) return;
    setPending(true);
    try {
      const answer = await login.mutateAsync(input);
      notify.success(answer.message || LOGIN_TEXT.success);
      await completeSignIn(answer);
    } catch (error) {
      notify.error(messageOr(error, LOGIN_TEXT.failed, LOGIN_TEXT.network));
      setPending(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <PhoneInput form={form} onPhoneChange={onPhoneChange} disabled={pending} />
        <PasswordInput
          label={LOGIN_TEXT.password}
          placeholder="Your password"
          autoComplete="current-password"
          {...form.input('password')}
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
  // A dialog-like form: editing the phone clears its message until the next submit.
  const form = useForm(ZPasswordResetRequest, { contactNumber: phone });
  const [sent, setSent] = useState<string | undefined>();
  const failure = request.error
    ? messageOr(request.error, LOGIN_TEXT.resetFailed, LOGIN_TEXT.network)
    : undefined;

  const onSubmit = () => {
    // The last failure goes as the form is sent again, valid or not.
    request.reset();
    const input = form.submit();
    if (input) request.mutate(input, { onSuccess: (answer) => setSent(answer.message) });
  };

  return (
    <form onSubmit={submitHandler(onSubmit, request.isPending)} noValidate>
      <Stack gap="md">
        {sent ? (
          <Alert color="green" variant="light" role="status" title="Check your email">
            {sent}
          </Alert>
        ) : null}
        <ErrorBanner message={failure} />
        <PhoneInput form={form} onPhoneChange={onPhoneChange} disabled={request.isPending} />
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
