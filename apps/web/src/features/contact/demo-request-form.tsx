import {
  Alert,
  Button,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  EMAIL_PATTERN,
  LEAD_HONEYPOT_FIELD,
  LEAD_SUBJECTS,
  LIMITS,
  MESSAGES,
  PUBLIC_TEXTS,
} from '@starloop/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { notify } from '../../components/notify.ts';
import { useTrpc } from '../../lib/use-trpc.ts';
import { messageOr } from '../auth/api-errors.ts';

/** Spec sections 2, 5 and 8 (/contact), verbatim. */
export const DEMO_FORM_TEXT = {
  title: 'Request Your Demo',
  submit: 'Get Started with StarLoop',
  sending: 'Sending...',
  received: 'Request Received!',
  receivedDetail:
    'Thank you! Our team will contact you within 2 hours during business hours to set up your demo.',
  another: 'Submit Another Request',
  success: PUBLIC_TEXTS.leadReceived,
  failed: 'Failed to submit form. Please try again.',
  invalid: MESSAGES.contact.formInvalid,
} as const;

/** The spec's toast time on the contact page (section 9). */
const TOAST = { autoClose: 5000 } as const;

export interface TDemoValues {
  name: string;
  email: string;
  contactNumber: string;
  bussiness: string;
  subject: string;
  message: string;
}
type TErrors = Partial<Record<keyof TDemoValues, string>>;

const EMPTY: TDemoValues = {
  name: '',
  email: '',
  contactNumber: '',
  bussiness: '',
  subject: '',
  message: '',
};
const c = MESSAGES.contact;
const SUBJECT_OPTIONS = LEAD_SUBJECTS.map((s) => ({ value: s.value, label: s.label }));

/** Spec section 5 (contact form): contact number and business are optional. */
export function validateDemoRequest(values: TDemoValues): TErrors {
  const errors: TErrors = {};
  if (!values.name.trim()) errors.name = c.nameRequired;
  if (!values.email.trim()) errors.email = c.emailRequired;
  else if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = c.emailInvalid;
  if (!values.subject) errors.subject = c.subjectRequired;
  if (!values.message.trim()) errors.message = c.messageRequired;
  return errors;
}

/** 'Request Your Demo': public.lead.create with source 'website' and status 'new'. */
export function DemoRequestForm() {
  const trpc = useTrpc();
  const create = useMutation(trpc.public.lead.create.mutationOptions());
  const [values, setValues] = useState<TDemoValues>(EMPTY);
  const [errors, setErrors] = useState<TErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [received, setReceived] = useState(false);

  const set = (field: keyof TDemoValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validateDemoRequest(next));
  };

  const reset = () => {
    setValues(EMPTY);
    setErrors({});
    setSubmitted(false);
    setReceived(false);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const honeypot = new FormData(event.currentTarget).get(LEAD_HONEYPOT_FIELD);
    setSubmitted(true);
    const found = validateDemoRequest(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      notify.error(DEMO_FORM_TEXT.invalid, TOAST);
      return;
    }
    try {
      await create.mutateAsync({
        name: values.name.trim(),
        email: values.email.trim(),
        contactNumber: values.contactNumber.trim(),
        bussiness: values.bussiness.trim(),
        subject: values.subject,
        message: values.message.trim(),
        source: 'website',
        status: 'new',
        ...(typeof honeypot === 'string' && honeypot ? { [LEAD_HONEYPOT_FIELD]: honeypot } : {}),
      });
      notify.success(DEMO_FORM_TEXT.success, TOAST);
      setReceived(true);
    } catch (error) {
      notify.error(messageOr(error, DEMO_FORM_TEXT.failed), TOAST);
    }
  };

  if (received) {
    return (
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'md', sm: 'xl' }}
        component="section"
        aria-labelledby="demo-received"
      >
        <Stack align="center" ta="center" gap="md" py="lg" role="status">
          <Title order={2} id="demo-received">
            {DEMO_FORM_TEXT.received}
          </Title>
          <Text c="gray.7" maw={420}>
            {DEMO_FORM_TEXT.receivedDetail}
          </Text>
          <Button variant="light" onClick={reset}>
            {DEMO_FORM_TEXT.another}
          </Button>
        </Stack>
      </Paper>
    );
  }

  const pending = create.isPending;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby="demo-title"
    >
      <Title order={2} id="demo-title" mb={4}>
        {DEMO_FORM_TEXT.title}
      </Title>
      <Text c="gray.7" mb="lg">
        Tell us a little about your business. Fields marked * are required.
      </Text>
      <form onSubmit={onSubmit} noValidate aria-labelledby="demo-title">
        <Stack gap="md">
          {submitted && Object.keys(errors).length > 0 ? (
            <Alert color="red" variant="light" role="alert">
              {DEMO_FORM_TEXT.invalid}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Full Name"
              autoComplete="name"
              value={values.name}
              onChange={(event) => set('name', event.currentTarget.value)}
              error={errors.name}
              disabled={pending}
              withAsterisk
            />
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              value={values.email}
              onChange={(event) => set('email', event.currentTarget.value)}
              error={errors.email}
              disabled={pending}
              withAsterisk
            />
            <TextInput
              label="Contact Number"
              type="tel"
              autoComplete="tel"
              value={values.contactNumber}
              onChange={(event) => set('contactNumber', event.currentTarget.value)}
              disabled={pending}
              maxLength={20}
            />
            <TextInput
              label="Business/Company"
              autoComplete="organization"
              value={values.bussiness}
              onChange={(event) => set('bussiness', event.currentTarget.value)}
              disabled={pending}
              maxLength={200}
            />
          </SimpleGrid>
          <Select
            label="Subject"
            placeholder="What would you like to talk about?"
            data={SUBJECT_OPTIONS}
            value={values.subject || null}
            onChange={(value) => set('subject', value ?? '')}
            error={errors.subject}
            disabled={pending}
            allowDeselect={false}
            withAsterisk
          />
          <Textarea
            label="Message"
            rows={5}
            maxLength={LIMITS.leadMessageMax}
            value={values.message}
            onChange={(event) => set('message', event.currentTarget.value)}
            error={errors.message}
            disabled={pending}
            withAsterisk
          />
          {/* Honeypot: never shown to people, filled by form-spamming bots; the server discards those. */}
          <div style={{ display: 'none' }}>
            <label>
              Leave this empty
              <input type="text" name={LEAD_HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
            </label>
          </div>
          <Button type="submit" size="md" disabled={pending} fullWidth>
            {pending ? DEMO_FORM_TEXT.sending : DEMO_FORM_TEXT.submit}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
