import {
  Anchor,
  Button,
  Code,
  Group,
  Image,
  List,
  Skeleton,
  Stack,
  Text,
  TextInput,
  type TextInputProps,
  Title,
} from '@mantine/core';
import {
  ADMIN_SECURITY_TEXTS,
  type TAdminTwoFactorChallenge,
  ZAdminTotpEnrol,
  ZAdminTotpVerify,
} from '@starloop/contract';
import { type UseMutationResult, useMutation, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { readApiError } from '../../../lib/api-errors.ts';
import { submitHandler, type TFormSchema, useForm } from '../../../lib/use-form.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { qrDataUrl } from '../../owner/profile/qr.ts';
import { ADMIN_LOGIN_TEXTS } from './admin-login-texts.ts';

/*
 * The second step of an admin sign-in (issue 15): a code from the authenticator app or a recovery
 * code; or, the first time, setting the app up (QR code or key) and keeping the recovery codes.
 */

export const TWO_FACTOR_TEXTS = {
  verifyTitle: 'Two-step verification',
  enrolTitle: 'Set up two-step verification',
  codesTitle: 'Save your recovery codes',
  codeLabel: 'Authentication code',
  recoveryLabel: 'Recovery code',
  useRecovery: 'Use a recovery code instead',
  useApp: 'Use a code from the app instead',
  verify: 'Verify',
  verifying: 'Verifying...',
  confirm: 'Confirm and sign in',
  confirming: 'Confirming...',
  back: 'Back to sign-in',
  scan: 'Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…), then enter the 6-digit code it shows.',
  keyLabel: "Can't scan it? Enter this key in the app:",
  qrAlt: 'QR code for your authenticator app',
  codesIntro:
    'Each code signs you in once if you lose your phone. They are shown only now: store them somewhere safe, such as a password manager.',
  codesDone: 'I have saved my recovery codes',
} as const;

/** What a finished second step hands back: a token and the message to show. */
export interface TSignedIn {
  token: string;
  message: string;
}

interface TStepProps {
  challenge: TAdminTwoFactorChallenge;
  /** The sign-in is complete (for enrolment: after the recovery codes were shown). */
  onSignedIn: (result: TSignedIn) => void;
  /** The challenge is gone (expired, used): back to the password with this message. */
  onRestart: (message?: string) => void;
}

/**
 * A failed code: a wrong code stays on the field; an expired challenge starts over; anything else
 * (429, network) shows under the field too, so the admin can try again.
 */
function codeFailure(
  error: unknown,
  onRestart: (message?: string) => void,
  setCodeError: (m: string) => void,
) {
  const info = readApiError(error);
  if (info.server && info.code === 'UNAUTHORIZED' && info.field !== 'code') {
    onRestart(info.message ?? ADMIN_SECURITY_TEXTS.challengeExpired);
    return;
  }
  setCodeError(info.message ?? (info.network ? ADMIN_LOGIN_TEXTS.networkBanner : 'Please try again.'));
}

/** The one code a step sends with its challenge, checked by the contract's rule for that step. */
type TCodeSchema = TFormSchema<{ code: string }>;

/**
 * A step's code form: the code is checked, sent with the challenge, and the answer handed to
 * `onAnswer`; a failure is said as codeFailure says.
 */
function useCodeStep<A>(
  schema: TCodeSchema,
  send: UseMutationResult<A, unknown, { challengeToken: string; code: string }, unknown>,
  { challenge, onRestart }: Pick<TStepProps, 'challenge' | 'onRestart'>,
  onAnswer: (answer: A) => void,
) {
  const form = useForm(schema, { code: '' });
  const busy = send.isPending;
  const submit = async () => {
    const input = form.submit();
    if (!input) return;
    try {
      onAnswer(await send.mutateAsync({ challengeToken: challenge.challengeToken, code: input.code }));
    } catch (error) {
      codeFailure(error, onRestart, (message) => form.setErrors({ code: message }));
    }
  };
  return { form, busy, onSubmit: submitHandler(() => void submit(), busy) };
}

/** A step's form: its title and explanation, the code field, the button, then the links away. */
function CodeStepForm({
  step,
  title,
  field,
  button,
  children,
  links,
}: {
  step: ReturnType<typeof useCodeStep>;
  title: string;
  field: Pick<TextInputProps, 'label' | 'inputMode' | 'placeholder'> & { 'data-autofocus'?: boolean };
  /** The button's text, and its text while the code is checked. */
  button: readonly [string, string];
  children: ReactNode;
  links: ReactNode;
}) {
  return (
    <form noValidate onSubmit={step.onSubmit}>
      <Stack gap="md">
        <Title order={2} fz={20}>
          {title}
        </Title>
        {children}
        <TextInput
          autoComplete="one-time-code"
          {...field}
          {...step.form.input('code')}
          disabled={step.busy}
        />
        <Button type="submit" fullWidth disabled={step.busy}>
          {step.busy ? button[1] : button[0]}
        </Button>
        {links}
      </Stack>
    </form>
  );
}

/** Back to the password step. */
const BackLink = ({ onRestart }: Pick<TStepProps, 'onRestart'>) => (
  <Anchor component="button" type="button" size="sm" onClick={() => onRestart()}>
    {TWO_FACTOR_TEXTS.back}
  </Anchor>
);

/** An enrolled admin: the app's code, or one recovery code. */
export function VerifyStep({ challenge, onSignedIn, onRestart }: TStepProps) {
  const trpc = useTrpc();
  const [recovery, setRecovery] = useState(false);
  const verify = useMutation(trpc.admin.auth.verifyTotp.mutationOptions());
  const step = useCodeStep(
    ZAdminTotpVerify.pick({ code: true }),
    verify,
    { challenge, onRestart },
    onSignedIn,
  );

  return (
    <CodeStepForm
      step={step}
      title={TWO_FACTOR_TEXTS.verifyTitle}
      field={{
        label: recovery ? TWO_FACTOR_TEXTS.recoveryLabel : TWO_FACTOR_TEXTS.codeLabel,
        inputMode: recovery ? 'text' : 'numeric',
        placeholder: recovery ? 'XXXX-XXXX-XXXX-XXXX' : '123456',
        'data-autofocus': true,
      }}
      button={[TWO_FACTOR_TEXTS.verify, TWO_FACTOR_TEXTS.verifying]}
      links={
        <Group justify="space-between">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setRecovery((r) => !r);
              step.form.reset({ code: '' });
            }}
          >
            {recovery ? TWO_FACTOR_TEXTS.useApp : TWO_FACTOR_TEXTS.useRecovery}
          </Anchor>
          <BackLink onRestart={onRestart} />
        </Group>
      }
    >
      <Text size="sm" c="dimmed">
        {recovery
          ? 'Enter one of the recovery codes you saved when you set up the app.'
          : ADMIN_SECURITY_TEXTS.codeNeeded}
      </Text>
    </CodeStepForm>
  );
}

/** The key in groups of four, as the apps ask for it. */
const groupedKey = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** First sign-in while two-factor sign-in is required: set up the app, confirm a code, keep the codes. */
export function EnrolStep({ challenge, onSignedIn, onRestart }: TStepProps) {
  const trpc = useTrpc();
  const enrolment = challenge.enrolment;
  const enrol = useMutation(trpc.admin.auth.enrolTotp.mutationOptions());
  const [done, setDone] = useState<{ token: string; message: string; codes: string[] } | null>(null);
  const step = useCodeStep(ZAdminTotpEnrol.pick({ code: true }), enrol, { challenge, onRestart }, (result) =>
    setDone({ token: result.token, message: result.message, codes: result.recoveryCodes }),
  );
  const qr = useQuery({
    queryKey: ['admin', 'login', 'totp-qr', enrolment?.otpauthUri],
    queryFn: () => qrDataUrl(enrolment?.otpauthUri ?? ''),
    enabled: Boolean(enrolment),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  if (done) {
    return (
      <Stack gap="md">
        <Title order={2} fz={20}>
          {TWO_FACTOR_TEXTS.codesTitle}
        </Title>
        <Text size="sm">{TWO_FACTOR_TEXTS.codesIntro}</Text>
        <List aria-label="Recovery codes" spacing={4} listStyleType="none" ff="monospace">
          {done.codes.map((code) => (
            <List.Item key={code}>
              <Code fz="sm">{code}</Code>
            </List.Item>
          ))}
        </List>
        <Button fullWidth onClick={() => onSignedIn({ token: done.token, message: done.message })}>
          {TWO_FACTOR_TEXTS.codesDone}
        </Button>
      </Stack>
    );
  }

  return (
    <CodeStepForm
      step={step}
      title={TWO_FACTOR_TEXTS.enrolTitle}
      field={{ label: 'Code from the app', inputMode: 'numeric', placeholder: '123456' }}
      button={[TWO_FACTOR_TEXTS.confirm, TWO_FACTOR_TEXTS.confirming]}
      links={<BackLink onRestart={onRestart} />}
    >
      <Text size="sm">{ADMIN_SECURITY_TEXTS.enrolNeeded}</Text>
      <Text size="sm" c="dimmed">
        {TWO_FACTOR_TEXTS.scan}
      </Text>
      {qr.data ? (
        <Image src={qr.data} alt={TWO_FACTOR_TEXTS.qrAlt} w={200} h={200} mx="auto" />
      ) : (
        <Skeleton w={200} h={200} mx="auto" />
      )}
      <div>
        <Text size="sm" c="dimmed">
          {TWO_FACTOR_TEXTS.keyLabel}
        </Text>
        <Code block fz="sm" aria-label="Setup key">
          {groupedKey(enrolment?.secret ?? '')}
        </Code>
      </div>
    </CodeStepForm>
  );
}
