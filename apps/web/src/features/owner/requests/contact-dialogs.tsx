import { Checkbox, NumberInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import {
  CAMPAIGN_NAME_MAX,
  REMINDER_DAYS,
  type TConsentSource,
  type TSendRequest,
  ZCampaignCreate,
  ZContactInput,
} from '@starloop/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { TDialogProps } from '../../../components/busy-modal/busy-modal.tsx';
import { FormDialog } from '../../../components/edit-dialog/edit-dialog.tsx';
import { notify } from '../../../components/notify.ts';
import { countOf } from '../../../lib/plural.ts';
import { type TForm, type TFormSchema, useForm } from '../../../lib/use-form.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { ConsentSourceSelect } from './consent-source-select.tsx';

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
      <Checkbox label="The customer agreed to get messages from us" {...form.checkbox('consent')} />
      {form.values.consent ? (
        <ConsentSourceSelect
          value={form.values.consentSource}
          onChange={(value) => form.setField('consentSource', value)}
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

/** The contact form's check: the API's rules for what it sends. */
const checkContact = (values: TContactValues) => ZContactInput.safeParse(contactPayload(values));

const FIELDS = new Set(['name', 'phone', 'email', 'consentAt']);
const NO_FIELDS = new Set<string>();

/**
 * A dialog's form and its save: `mutation` runs with the parsed values, then its answer's message
 * is a toast, `onDone` gets the answer and the dialog closes, cleared. A failure shows under the
 * field the server names when it is one of `fields`, else above the buttons. `dialog` is the
 * FormDialog's props.
 */
function useSaveDialog<T extends object, Out, R extends { message: string }>({
  opened,
  onClose,
  schema,
  initial,
  mutation,
  fallback,
  fields,
  onDone,
}: TDialogProps & {
  schema: TFormSchema<Out>;
  initial: T;
  mutation: { mutateAsync: (input: Out) => Promise<R>; isPending: boolean };
  /** Shown when the failure says nothing itself. */
  fallback: string;
  fields: ReadonlySet<string>;
  onDone: (result: R) => void;
}) {
  const form = useForm<T, Out>(schema, initial);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    form.reset(initial);
    setError(null);
    onClose();
  };
  const onSave = async (input: Out) => {
    setError(null);
    try {
      const result = await mutation.mutateAsync(input);
      notify.success(result.message);
      onDone(result);
      close();
    } catch (saveError) {
      setError(form.showServerError(saveError, fallback, fields));
    }
  };
  return { form, dialog: { opened, onClose: close, form, saving: mutation.isPending, error, onSave } };
}

/** Add one customer (merged with the one already there when the phone or email matches). */
export function AddContactDialog({ opened, onClose, onSaved }: TDialogProps & { onSaved: () => void }) {
  const trpc = useTrpc();
  const add = useMutation(trpc.owner.requests.addContact.mutationOptions());
  const { form, dialog } = useSaveDialog({
    opened,
    onClose,
    schema: checkContact,
    initial: EMPTY_CONTACT,
    mutation: add,
    fallback: 'Could not add the customer. Please try again.',
    fields: FIELDS,
    onDone: onSaved,
  });
  return (
    <FormDialog title="Add customer" submitLabel="Add customer" {...dialog}>
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
}: TDialogProps & {
  onSent: () => void;
  /** A customer from the list; without it the dialog asks for one. */
  contact?: { id: number; label: string } | null;
}) {
  const trpc = useTrpc();
  const send = useMutation(trpc.owner.requests.send.mutationOptions());
  const { form, dialog } = useSaveDialog({
    opened,
    onClose,
    schema: (values: TContactValues) => {
      if (contact) return { success: true as const, data: { contactId: contact.id } as TSendRequest };
      const checked = checkContact(values);
      return checked.success
        ? { success: true as const, data: { contact: checked.data } as TSendRequest }
        : checked;
    },
    initial: { ...EMPTY_CONTACT, consent: true },
    mutation: send,
    fallback: 'Could not send the request. Please try again.',
    fields: contact ? NO_FIELDS : FIELDS,
    onDone: onSent,
  });
  return (
    <FormDialog
      title="Send a review request"
      submitLabel="Send now"
      savingLabel="Sending..."
      size="md"
      {...dialog}
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

const NEW_CAMPAIGN: TCampaignValues = {
  name: '',
  later: false,
  sendAt: '',
  reminder: true,
  reminderAfterDays: 3,
};

/** A campaign to the chosen customers (or every customer who can be asked), now or later. */
export function CampaignDialog({
  opened,
  onClose,
  onCreated,
  contactIds,
}: TDialogProps & {
  onCreated: (id: number) => void;
  /** The customers ticked in the list; empty: every customer who can be asked now. */
  contactIds: number[];
}) {
  const trpc = useTrpc();
  const create = useMutation(trpc.owner.requests.createCampaign.mutationOptions());
  const payload = (values: TCampaignValues) => ({
    name: values.name,
    ...(contactIds.length > 0 ? { contactIds } : { allReachable: true }),
    ...(values.later && values.sendAt ? { sendAt: new Date(values.sendAt).toISOString() } : {}),
    reminderAfterDays: values.reminder ? values.reminderAfterDays : null,
  });
  const { form, dialog } = useSaveDialog({
    opened,
    onClose,
    schema: (values: TCampaignValues) => ZCampaignCreate.safeParse(payload(values)),
    initial: NEW_CAMPAIGN,
    mutation: create,
    fallback: 'Could not create the campaign. Please try again.',
    fields: CAMPAIGN_FIELDS,
    onDone: (created) => onCreated(created.id),
  });
  return (
    <FormDialog
      title="New campaign"
      submitLabel={form.values.later ? 'Schedule campaign' : 'Send campaign'}
      size="md"
      {...dialog}
    >
      <Text size="sm">
        {contactIds.length > 0
          ? `To the ${countOf(contactIds.length, 'customer')} you ticked.`
          : 'To every customer who agreed to messages and was not asked recently.'}{' '}
        Campaign messages go out between 9 am and 9 pm.
      </Text>
      <TextInput label="Campaign name" maxLength={CAMPAIGN_NAME_MAX} {...form.input('name')} />
      <Switch label="Schedule for later" {...form.checkbox('later')} />
      {form.values.later ? (
        <TextInput label="Send at" type="datetime-local" {...form.input('sendAt')} />
      ) : null}
      <Stack gap={4}>
        <Switch label="Send one reminder to those who have not reviewed" {...form.checkbox('reminder')} />
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
