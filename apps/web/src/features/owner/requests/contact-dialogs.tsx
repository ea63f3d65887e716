import { Checkbox, NumberInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import {
  CAMPAIGN_NAME_MAX,
  CONSENT_SOURCES,
  REMINDER_DAYS,
  type TConsentSource,
  type TContactInput,
  type TSendRequest,
  ZCampaignCreate,
  ZContactInput,
} from '@starloop/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormDialog } from '../../../components/edit-dialog/edit-dialog.tsx';
import { notify } from '../../../components/notify.ts';
import { anyMessage, serverField } from '../../../lib/api-errors.ts';
import { type TFieldErrors, type TForm, useForm } from '../../../lib/use-form.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { CONSENT_SOURCE_LABELS } from './request-labels.ts';

interface TContactValues {
  name: string;
  phone: string;
  email: string;
  consent: boolean;
  consentSource: TConsentSource;
}

const EMPTY_CONTACT: TContactValues = {
  name: '',
  phone: '',
  email: '',
  consent: false,
  consentSource: 'in-person',
};

function ContactFields<Out>({ form }: { form: TForm<TContactValues, Out> }) {
  return (
    <>
      <TextInput label="Name" autoComplete="off" {...form.input('name')} />
      <TextInput
        label="Phone"
        description="10 digits; +91 is added when there is no country code"
        inputMode="tel"
        autoComplete="off"
        {...form.input('phone')}
      />
      <TextInput label="Email" type="email" autoComplete="off" {...form.input('email')} />
      <Checkbox
        label="The customer agreed to get messages from us"
        checked={form.values.consent}
        onChange={(event) => form.setField('consent', event.currentTarget.checked)}
        error={form.errors.consent}
      />
      {form.values.consent ? (
        <Select
          label="How they agreed"
          data={CONSENT_SOURCES.filter((s) => s !== 'import').map((value) => ({
            value,
            label: CONSENT_SOURCE_LABELS[value],
          }))}
          value={form.values.consentSource}
          onChange={(value) => value && form.setField('consentSource', value as TConsentSource)}
          allowDeselect={false}
        />
      ) : null}
    </>
  );
}

/** The form's values as the API takes them (consent's "how" only with consent). */
const contactPayload = (values: TContactValues) => ({
  ...(values.name.trim() ? { name: values.name } : {}),
  ...(values.phone.trim() ? { phone: values.phone } : {}),
  ...(values.email.trim() ? { email: values.email } : {}),
  consent: values.consent,
  ...(values.consent ? { consentSource: values.consentSource } : {}),
});

const FIELDS = new Set(['name', 'phone', 'email', 'consentAt']);
const NO_FIELDS = new Set<string>();

/**
 * A dialog's error line and closing: close() clears the form and the error; save() runs the
 * mutation and closes, or shows why not (under the field the server names, when it is one of
 * `fields`, else above the buttons).
 */
function useDialogSave<T extends object, Out>(form: TForm<T, Out>, initial: T, onClose: () => void) {
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    form.reset(initial);
    setError(null);
    onClose();
  };
  const save = async (run: () => Promise<void>, fallback: string, fields: ReadonlySet<string>) => {
    setError(null);
    try {
      await run();
      close();
    } catch (saveError) {
      const message = anyMessage(saveError, fallback);
      const field = serverField(saveError);
      if (field && fields.has(field)) form.setErrors({ [field]: message } as TFieldErrors<T>);
      else setError(message);
    }
  };
  return { error, close, save };
}

/** Add one customer (merged with the one already there when the phone or email matches). */
export function AddContactDialog({
  opened,
  onClose,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const trpc = useTrpc();
  const add = useMutation(trpc.owner.requests.addContact.mutationOptions());
  const form = useForm(
    (values: TContactValues) => ZContactInput.safeParse(contactPayload(values)),
    EMPTY_CONTACT,
  );
  const { error, close, save } = useDialogSave(form, EMPTY_CONTACT, onClose);
  return (
    <FormDialog
      opened={opened}
      onClose={close}
      title="Add customer"
      form={form}
      saving={add.isPending}
      submitLabel="Add customer"
      error={error}
      onSave={(input: TContactInput) =>
        save(
          async () => {
            const saved = await add.mutateAsync(input);
            notify.success(saved.message);
            onSaved();
          },
          'Could not add the customer. Please try again.',
          FIELDS,
        )
      }
    >
      <ContactFields form={form} />
    </FormDialog>
  );
}

/**
 * Send one request now, e.g. at the counter after the bill: the customer is typed in (added or
 * merged) or was picked from the list.
 */
export function SendNowDialog({
  opened,
  onClose,
  onSent,
  contact,
}: {
  opened: boolean;
  onClose: () => void;
  onSent: () => void;
  /** A customer from the list; without it the dialog asks for one. */
  contact?: { id: number; label: string } | null;
}) {
  const trpc = useTrpc();
  const send = useMutation(trpc.owner.requests.send.mutationOptions());
  const form = useForm(
    (values: TContactValues) => {
      if (contact) return { success: true as const, data: { contactId: contact.id } as TSendRequest };
      const checked = ZContactInput.safeParse(contactPayload(values));
      return checked.success
        ? { success: true as const, data: { contact: checked.data } as TSendRequest }
        : checked;
    },
    { ...EMPTY_CONTACT, consent: true },
  );
  const { error, close, save } = useDialogSave(form, { ...EMPTY_CONTACT, consent: true }, onClose);
  return (
    <FormDialog
      opened={opened}
      onClose={close}
      title="Send a review request"
      form={form}
      saving={send.isPending}
      submitLabel="Send now"
      savingLabel="Sending..."
      error={error}
      size="md"
      onSave={(input: TSendRequest) =>
        save(
          async () => {
            const sent = await send.mutateAsync(input);
            notify.success(sent.message);
            onSent();
          },
          'Could not send the request. Please try again.',
          contact ? NO_FIELDS : FIELDS,
        )
      }
    >
      {contact ? (
        <Text>
          A review request goes to <strong>{contact.label}</strong> now, by the first channel that reaches
          them.
        </Text>
      ) : (
        <ContactFields form={form} />
      )}
    </FormDialog>
  );
}

const CAMPAIGN_FIELDS = new Set(['name', 'sendAt']);

interface TCampaignValues {
  name: string;
  later: boolean;
  sendAt: string;
  reminder: boolean;
  reminderAfterDays: number;
}

/** A campaign to the chosen customers (or every customer who can be asked), now or later. */
export function CampaignDialog({
  opened,
  onClose,
  onCreated,
  contactIds,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
  /** The customers ticked in the list; empty: every customer who can be asked now. */
  contactIds: number[];
}) {
  const trpc = useTrpc();
  const create = useMutation(trpc.owner.requests.createCampaign.mutationOptions());
  const initial: TCampaignValues = {
    name: '',
    later: false,
    sendAt: '',
    reminder: true,
    reminderAfterDays: 3,
  };
  const payload = (values: TCampaignValues) => ({
    name: values.name,
    ...(contactIds.length > 0 ? { contactIds } : { allReachable: true }),
    ...(values.later && values.sendAt ? { sendAt: new Date(values.sendAt).toISOString() } : {}),
    reminderAfterDays: values.reminder ? values.reminderAfterDays : null,
  });
  const form = useForm((values: TCampaignValues) => ZCampaignCreate.safeParse(payload(values)), initial);
  const { error, close, save } = useDialogSave(form, initial, onClose);
  return (
    <FormDialog
      opened={opened}
      onClose={close}
      title="New campaign"
      form={form}
      saving={create.isPending}
      submitLabel={form.values.later ? 'Schedule campaign' : 'Send campaign'}
      error={error}
      size="md"
      onSave={(input) =>
        save(
          async () => {
            const created = await create.mutateAsync(input);
            notify.success(created.message);
            onCreated(created.id);
          },
          'Could not create the campaign. Please try again.',
          CAMPAIGN_FIELDS,
        )
      }
    >
      <Text size="sm">
        {contactIds.length > 0
          ? `To the ${contactIds.length.toLocaleString('en-IN')} customers you ticked.`
          : 'To every customer who agreed to messages and was not asked recently.'}{' '}
        Campaign messages go out between 9 am and 9 pm.
      </Text>
      <TextInput label="Campaign name" maxLength={CAMPAIGN_NAME_MAX} {...form.input('name')} />
      <Switch
        label="Schedule for later"
        checked={form.values.later}
        onChange={(event) => form.setField('later', event.currentTarget.checked)}
      />
      {form.values.later ? (
        <TextInput label="Send at" type="datetime-local" {...form.input('sendAt')} />
      ) : null}
      <Stack gap={4}>
        <Switch
          label="Send one reminder to those who have not reviewed"
          checked={form.values.reminder}
          onChange={(event) => form.setField('reminder', event.currentTarget.checked)}
        />
        {form.values.reminder ? (
          <NumberInput
            label="Days after the request"
            min={REMINDER_DAYS.min}
            max={REMINDER_DAYS.max}
            value={form.values.reminderAfterDays}
            onChange={(value) => form.setField('reminderAfterDays', Number(value) || REMINDER_DAYS.min)}
            error={form.errors.reminderAfterDays}
          />
        ) : null}
      </Stack>
    </FormDialog>
  );
}
