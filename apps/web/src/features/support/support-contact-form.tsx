import { Alert, Button, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { TIMINGS, ZLeadCreate } from '@starloop/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { z } from 'zod';
import { FormCard } from '../../components/form-card/form-card.tsx';
import { useForm } from '../../lib/use-form.ts';
import { NameEmailFields } from '../contact/name-email-fields.tsx';

/** Spec section 2 (/support): the confirmation, shown for 5 seconds. */
export const SUPPORT_FORM_TEXT = {
  title: 'Send us a message',
  sent: 'Message Sent!',
  sentDetail: 'Thanks for writing. Our team replies within 24 hours.',
  submit: 'Send Message',
  subjectRequired: 'Subject is required',
} as const;

/** The lead form's name, email and message rules, with a free-text subject (spec section 5). */
export const ZSupportMessage = ZLeadCreate.pick({ name: true, email: true, message: true }).extend({
  subject: z.string().trim().min(1, SUPPORT_FORM_TEXT.subjectRequired),
});

const EMPTY = { name: '', email: '', subject: '', message: '' };

/**
 * The support page's contact form. As the spec describes it, it only confirms ('Message Sent!' for
 * 5 seconds, then a fresh form): nothing is sent to a server.
 */
export function SupportContactForm() {
  const form = useForm(ZSupportMessage, EMPTY, { revalidate: true });
  const { reset } = form;
  const [sent, setSent] = useState(false);

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => {
      setSent(false);
      reset(EMPTY);
    }, TIMINGS.supportConfirmation);
    return () => clearTimeout(timer);
  }, [sent, reset]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (form.submit()) setSent(true);
  };

  return (
    <FormCard labelledBy="support-form-title">
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
            <NameEmailFields form={form} nameLabel="Name" disabled={sent} />
          </SimpleGrid>
          <TextInput label="Subject" {...form.input('subject')} disabled={sent} withAsterisk />
          <Textarea label="Message" rows={5} {...form.input('message')} disabled={sent} withAsterisk />
          <Button type="submit" size="md" disabled={sent} w={{ base: '100%', sm: 'auto' }}>
            {SUPPORT_FORM_TEXT.submit}
          </Button>
        </Stack>
      </form>
    </FormCard>
  );
}
