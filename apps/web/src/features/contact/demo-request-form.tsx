import { Button, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  LEAD_HONEYPOT_FIELD,
  LEAD_SUBJECTS,
  LIMITS,
  MESSAGES,
  PUBLIC_TEXTS,
  ZLeadCreate,
} from '@starloop/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ErrorBanner } from '../../components/error-banner/error-banner.tsx';
import { FormCard } from '../../components/form-card/form-card.tsx';
import { notify } from '../../components/notify.ts';
import { messageOr } from '../../lib/api-errors.ts';
import { useForm } from '../../lib/use-form.ts';
import { useTrpc } from '../../lib/use-trpc.ts';
import { NameEmailFields } from './name-email-fields.tsx';

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

export const EMPTY_DEMO: TDemoValues = {
  name: '',
  email: '',
  contactNumber: '',
  bussiness: '',
  subject: '',
  message: '',
};
const SUBJECT_OPTIONS = LEAD_SUBJECTS.map((s) => ({ value: s.value, label: s.label }));

/** Contact number and business: optional (spec section 5). */
const OPTIONAL_FIELDS = [
  { field: 'contactNumber', label: 'Contact Number', type: 'tel', autoComplete: 'tel', maxLength: 20 },
  { field: 'bussiness', label: 'Business/Company', autoComplete: 'organization', maxLength: 200 },
] as const;

/** 'Request Your Demo': public.lead.create with source 'website' and status 'new'. */
export function DemoRequestForm() {
  const trpc = useTrpc();
  const create = useMutation(trpc.public.lead.create.mutationOptions());
  // ZLeadCreate: contact number and business optional (spec section 5), values trimmed.
  const form = useForm(ZLeadCreate, EMPTY_DEMO, { revalidate: true });
  const [received, setReceived] = useState(false);

  const reset = () => {
    form.reset(EMPTY_DEMO);
    setReceived(false);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const honeypot = new FormData(event.currentTarget).get(LEAD_HONEYPOT_FIELD);
    const lead = form.submit();
    if (!lead) {
      notify.error(DEMO_FORM_TEXT.invalid, TOAST);
      return;
    }
    try {
      await create.mutateAsync({
        ...lead,
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
      <FormCard labelledBy="demo-received">
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
      </FormCard>
    );
  }

  const pending = create.isPending;
  return (
    <FormCard labelledBy="demo-title">
      <Title order={2} id="demo-title" mb={4}>
        {DEMO_FORM_TEXT.title}
      </Title>
      <Text c="gray.7" mb="lg">
        Tell us a little about your business. Fields marked * are required.
      </Text>
      <form onSubmit={onSubmit} noValidate aria-labelledby="demo-title">
        <Stack gap="md">
          <ErrorBanner message={form.submitted && form.hasErrors ? DEMO_FORM_TEXT.invalid : null} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NameEmailFields form={form} nameLabel="Full Name" disabled={pending} />
            {OPTIONAL_FIELDS.map(({ field, ...props }) => (
              <TextInput key={field} {...props} {...form.input(field)} disabled={pending} />
            ))}
          </SimpleGrid>
          <Select
            label="Subject"
            placeholder="What would you like to talk about?"
            data={SUBJECT_OPTIONS}
            value={form.values.subject || null}
            onChange={(value) => form.setField('subject', value ?? '')}
            error={form.errors.subject}
            disabled={pending}
            allowDeselect={false}
            withAsterisk
          />
          <Textarea
            label="Message"
            rows={5}
            maxLength={LIMITS.leadMessageMax}
            {...form.input('message')}
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
    </FormCard>
  );
}
