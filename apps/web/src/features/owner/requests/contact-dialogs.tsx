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
import { type TForm, type TFormSchema, useForm } from '../../../lib/use-form.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { ConsentSourceSelect } from './consent-source-select.tsx';
import { useRequestTexts } from './request-texts.ts';

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
  const { t } = useRequestTexts();
  return (
    <>
      <TextInput label={t.name} autoComplete="off" {...form.input('name')} />
      <TextInput
        label={t.phone}
        description={t.dialogs.phoneHelp}
        inputMode="tel"
        autoComplete="off"
        {...form.input('phone')}
      />
      <TextInput label={t.email} type="email" autoComplete="off" {...form.input('email')} />
      <Checkbox label={t.dialogs.consent} {...form.checkbox('consent')} />
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
  const { t: texts } = useRequestTexts();
  const t = texts.dialogs;
  const trpc = useTrpc();
  const add = useMutation(trpc.owner.requests.addContact.mutationOptions());
  const { form, dialog } = useSaveDialog({
    opened,
    onClose,
    schema: checkContact,
    initial: EMPTY_CONTACT,
    mutation: add,
    fallback: t.addFailed,
    fields: FIELDS,
    onDone: onSaved,
  });
  return (
    <FormDialog title={t.addTitle} submitLabel={t.addTitle} savingLabel={texts.saving} {...dialog}>
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
  const t = useRequestTexts().t.dialogs;
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
    fallback: t.sendFailed,
    fields: contact ? NO_FIELDS : FIELDS,
    onDone: onSent,
  });
  // The name is bold wherever the language puts it.
  const [before = '', after = ''] = t.sendTo.split('{name}');
  return (
    <FormDialog title={t.sendTitle} submitLabel={t.sendNow} savingLabel={t.sending} size="md" {...dialog}>
      {contact ? (
        <Text>
          {before}
          <strong>{contact.label}</strong>
          {after}
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
  const { t: texts, count } = useRequestTexts();
  const t = texts.dialogs;
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
    fallback: t.campaignFailed,
    fields: CAMPAIGN_FIELDS,
    onDone: (created) => onCreated(created.id),
  });
  return (
    <FormDialog
      title={t.campaignTitle}
      submitLabel={form.values.later ? t.schedule : t.send}
      savingLabel={texts.saving}
      size="md"
      {...dialog}
    >
      <Text size="sm">
        {contactIds.length > 0 ? count(t.toTicked, contactIds.length) : t.toEveryone} {t.hours}
      </Text>
      <TextInput label={t.campaignName} maxLength={CAMPAIGN_NAME_MAX} {...form.input('name')} />
      <Switch label={t.later} {...form.checkbox('later')} />
      {form.values.later ? (
        <TextInput label={t.sendAt} type="datetime-local" {...form.input('sendAt')} />
      ) : null}
      <Stack gap={4}>
        <Switch label={t.reminder} {...form.checkbox('reminder')} />
        {form.values.reminder ? (
          <NumberInput
            label={t.reminderDays}
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
