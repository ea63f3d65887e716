import { Alert, Button, Paper, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { EMAIL_PATTERN, MESSAGES, TIMINGS } from '@starloop/contract';
import { type FormEvent, useEffect, useState } from 'react';

/** Spec section 2 (/support): the confirmation, shown for 5 seconds. */
export const SUPPORT_FORM_TEXT = {
  title: 'Send us a message',
  sent: 'Message Sent!',
  sentDetail: 'Thanks for writing. Our team replies within 24 hours.',
  submit: 'Send Message',
  subjectRequired: 'Subject is required',
} as const;

interface TValues {
  name: string;
  email: string;
  subject: string;
  message: string;
}
type TErrors = Partial<Record<keyof TValues, string>>;

const EMPTY: TValues = { name: '', email: '', subject: '', message: '' };
const c = MESSAGES.contact;

export function validateSupportForm(values: TValues): TErrors {
  const errors: TErrors = {};
  if (!values.name.trim()) errors.name = c.nameRequired;
  if (!values.email.trim()) errors.email = c.emailRequired;
  else if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = c.emailInvalid;
  if (!values.subject.trim()) errors.subject = SUPPORT_FORM_TEXT.subjectRequired;
  if (!values.message.trim()) errors.message = c.messageRequired;
  return errors;
}

/**
 * The support page's contact form. As the spec describes it, it only confirms ('Message Sent!' for
 * 5 seconds, then a fresh form): nothing is sent to a server.
 */
export function SupportContactForm() {
  const [values, setValues] = useState<TValues>(EMPTY);
  const [errors, setErrors] = useState<TErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [sent, setSent] = useState(false);

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => {
      setSent(false);
      setValues(EMPTY);
      setErrors({});
      setSubmitted(false);
    }, TIMINGS.supportConfirmation);
    return () => clearTimeout(timer);
  }, [sent]);

  const set = (field: keyof TValues) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validateSupportForm(next));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateSupportForm(values);
    setErrors(found);
    if (Object.keys(found).length === 0) setSent(true);
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby="support-form-title"
    >
      <Title order={2} size="h3" id="support-form-title" mb="md">
        {SUPPORT_FORM_TEXT.title}
      </Title>
      <div role="status">
        {sent ? (
          <Alert color="green" variant="light" title={SUPPORT_FORM_TEXT.sent} mb="md">
            {SUPPORT_FORM_TEXT.sentDetail}
          </Alert>
        ) : null}
      </div>
      <form onSubmit={onSubmit} noValidate aria-label="Support message">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Name"
              autoComplete="name"
              value={values.name}
              onChange={(event) => set('name')(event.currentTarget.value)}
              error={errors.name}
              disabled={sent}
              withAsterisk
            />
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              value={values.email}
              onChange={(event) => set('email')(event.currentTarget.value)}
              error={errors.email}
              disabled={sent}
              withAsterisk
            />
          </SimpleGrid>
          <TextInput
            label="Subject"
            value={values.subject}
            onChange={(event) => set('subject')(event.currentTarget.value)}
            error={errors.subject}
            disabled={sent}
            withAsterisk
          />
          <Textarea
            label="Message"
            rows={5}
            value={values.message}
            onChange={(event) => set('message')(event.currentTarget.value)}
            error={errors.message}
            disabled={sent}
            withAsterisk
          />
          <Button type="submit" size="md" disabled={sent} w={{ base: '100%', sm: 'auto' }}>
            {SUPPORT_FORM_TEXT.submit}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
