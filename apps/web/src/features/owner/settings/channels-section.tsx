import {
  Button,
  Code,
  Divider,
  Group,
  PasswordInput,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  CHANNEL_TEXTS,
  DLT_VARIABLE,
  type TChannelSettingsUpdate,
  type TChannelSettingsView,
  type TSmsSettings,
  type TSmsTemplateVariable,
  type TWhatsAppSettings,
  ZSmsSettingsUpdate,
  ZWhatsAppSettingsUpdate,
} from '@starloop/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { notify } from '../../../components/notify.ts';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { anyMessage } from '../../../lib/api-errors.ts';
import { submitHandler, type TForm, type TFormSchema, useForm } from '../../../lib/use-form.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { LoadError } from '../shared/load-error.tsx';

const VARIABLE_LABELS: Record<TSmsTemplateVariable, string> = {
  customerName: "Customer's name",
  businessName: 'Business name',
  link: 'Review link',
};
const VARIABLE_OPTIONS = Object.entries(VARIABLE_LABELS).map(([value, label]) => ({ value, label }));

const countVariables = (template: string) => template.split(DLT_VARIABLE).length - 1;

/** The words of each channel's form. */
const CHANNEL_FORM_TEXTS = {
  whatsapp: {
    label: 'WhatsApp settings',
    title: 'WhatsApp',
    switchLabel: 'Send review requests on WhatsApp',
    saveLabel: 'Save WhatsApp',
  },
  sms: {
    label: 'SMS settings',
    title: 'SMS (Gupshup)',
    switchLabel: 'Send review requests by SMS',
    saveLabel: 'Save SMS',
  },
} as const;

type TChannel = keyof typeof CHANNEL_FORM_TEXTS;

/**
 * One channel's form over its part of ZChannelSettingsUpdate: the on/off switch and text fields,
 * the schema's message (or the server's, for the field it names) under each field. The fields
 * start from the saved settings (`savedValues`); the write-only `secret` never comes back, so it
 * starts empty (empty keeps the saved one: the schema leaves it out of the update). Saving
 * replaces the cached settings and empties `secret` again.
 */
function useChannelForm<T extends { enabled: boolean }, Out>({
  schema,
  initial,
  secret,
  toInput,
}: {
  schema: TFormSchema<Out>;
  initial: () => T;
  secret: keyof T & string;
  /** What the update takes: the parsed values with their channel. */
  toInput: (values: Out) => TChannelSettingsUpdate;
}) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const form = useForm<T, Out>(schema, initial);
  const { setField, showServerError } = form;
  const save = useMutation(
    trpc.owner.channels.update.mutationOptions({
      onSuccess: (saved: TChannelSettingsView) => {
        queryClient.setQueryData(trpc.owner.channels.get.queryKey(), saved);
        setField(secret, '' as T[typeof secret]);
        notify.success(CHANNEL_TEXTS.saved);
      },
      onError: (error) => {
        notify.error(`Could not save. ${anyMessage(error, 'Please try again.')}`);
        showServerError(error, 'Please try again.');
      },
    }),
  );
  const submit = () => {
    const values = form.submit();
    if (values) save.mutate(toInput(values));
  };
  return { form, save, submit };
}

/** The saved value of each field, else its default. */
const savedValues = <T extends Record<string, string>>(
  view: { [K in keyof T]?: string | null },
  defaults: T,
): T => Object.fromEntries(Object.keys(defaults).map((name) => [name, view[name] ?? defaults[name]])) as T;

/** A channel's form around its fields: the title with the on/off switch, then the save button. */
function ChannelForm({
  channel,
  enabled,
  saving,
  onSubmit,
  children,
}: {
  channel: TChannel;
  enabled: ReturnType<TForm<{ enabled: boolean }>['checkbox']>;
  saving: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { label, title, switchLabel, saveLabel } = CHANNEL_FORM_TEXTS[channel];
  return (
    <form noValidate onSubmit={submitHandler(onSubmit, saving)} aria-label={label}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5">
            {title}
          </Title>
          <Switch label={switchLabel} {...enabled} />
        </Group>
        {children}
        <Group>
          <Button type="submit" loading={saving}>
            {saveLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A write-only secret: the field starts empty; empty keeps the saved one. */
const secretHint = (saved: boolean) => (saved ? 'Saved. Leave empty to keep it.' : undefined);

/** The WhatsApp form's fields and their defaults. */
const WHATSAPP_FIELDS = { phoneNumberId: '', templateName: '', templateLanguage: 'en', caseTemplateName: '' };
/** The WhatsApp form checks what the update takes, but for the channel. */
const ZWhatsAppForm = ZWhatsAppSettingsUpdate.omit({ channel: true });

function WhatsAppForm({ view }: { view: TWhatsAppSettings }) {
  const { form, save, submit } = useChannelForm({
    schema: ZWhatsAppForm,
    initial: () => ({ enabled: view.enabled, ...savedValues(view, WHATSAPP_FIELDS), accessToken: '' }),
    secret: 'accessToken',
    toInput: (values) => ({ channel: 'whatsapp', ...values }),
  });

  return (
    <ChannelForm
      channel="whatsapp"
      enabled={form.checkbox('enabled')}
      saving={save.isPending}
      onSubmit={submit}
    >
      <Text size="sm" c="dimmed">
        Uses your WhatsApp Business Account (Cloud API). Create a Utility template whose body has two
        variables:
        {' {{1}} '}the customer's name and{' {{2}} '}the review link, and send only to customers who agreed to
        hear from you on WhatsApp.
      </Text>
      <TextInput
        label="Phone number ID"
        description="WhatsApp Manager > Phone numbers (digits only)"
        {...form.input('phoneNumberId')}
      />
      <Group grow align="flex-start">
        <TextInput label="Template name" {...form.input('templateName')} />
        <TextInput
          label="Template language"
          description="Such as en, en_US or hi"
          {...form.input('templateLanguage')}
        />
      </Group>
      <TextInput
        label="Case reply template name (optional)"
        description="Replies to an unhappy customer from the inbox go from your number with this template: body {{1}} your business name, {{2}} the reply. Empty: they go from StarLoop's number."
        {...form.input('caseTemplateName')}
      />
      <PasswordInput
        label="Access token"
        description={
          secretHint(view.accessTokenSet) ?? 'A permanent system user token with whatsapp_business_messaging'
        }
        autoComplete="off"
        {...form.input('accessToken')}
      />
      {!view.webhookReady ? (
        <Text size="xs" fw={500}>
          Delivery statuses and STOP replies need this server's WhatsApp webhook to be set up by StarLoop.
        </Text>
      ) : null}
    </ChannelForm>
  );
}

/** The SMS form's fields and their defaults. */
const SMS_FIELDS = {
  userId: '',
  principalEntityId: '',
  header: '',
  dltTemplateId: '',
  templateText: '',
  caseDltTemplateId: '',
  caseTemplateText: '',
};

interface TSmsValues {
  enabled: boolean;
  userId: string;
  principalEntityId: string;
  header: string;
  dltTemplateId: string;
  templateText: string;
  caseDltTemplateId: string;
  caseTemplateText: string;
  password: string;
  /** The owner's choices, kept past the template's variables (a shorter template keeps the rest). */
  variables: TSmsTemplateVariable[];
}

/** What fills each {#var#} of the template: the owner's choice, else the name (the last: the link). */
function chosenVariables({ templateText, variables }: TSmsValues): TSmsTemplateVariable[] {
  const slots = Math.min(countVariables(templateText), 10);
  return Array.from({ length: slots }, (_, i) => variables[i] ?? (i === slots - 1 ? 'link' : 'customerName'));
}

/** The SMS form checks what the update takes, but for the channel, with the chosen variables. */
const ZSmsForm = ZSmsSettingsUpdate.omit({ channel: true });
const checkSms = (values: TSmsValues) =>
  ZSmsForm.safeParse({ ...values, variables: chosenVariables(values) });

function SmsForm({ view }: { view: TSmsSettings }) {
  const { form, save, submit } = useChannelForm({
    schema: checkSms,
    initial: (): TSmsValues => ({
      enabled: view.enabled,
      ...savedValues(view, SMS_FIELDS),
      password: '',
      variables: view.variables,
    }),
    secret: 'password',
    toInput: (values) => ({ channel: 'sms', ...values }),
  });
  const chosen = chosenVariables(form.values);

  return (
    <ChannelForm channel="sms" enabled={form.checkbox('enabled')} saving={save.isPending} onSubmit={submit}>
      <Text size="sm" c="dimmed">
        SMS to Indian numbers must match a template registered on DLT under your entity and sender ID. Paste
        the template exactly as registered, with {DLT_VARIABLE} for each variable.
      </Text>
      <Group grow align="flex-start">
        <TextInput label="Gupshup user ID" {...form.input('userId')} />
        <PasswordInput
          label="Gupshup password"
          description={secretHint(view.passwordSet)}
          autoComplete="off"
          {...form.input('password')}
        />
      </Group>
      <Group grow align="flex-start">
        <TextInput label="DLT principal entity ID" {...form.input('principalEntityId')} />
        <TextInput label="Sender ID (header)" maxLength={6} {...form.input('header')} />
        <TextInput label="DLT template ID" {...form.input('dltTemplateId')} />
      </Group>
      <Textarea
        label="Template text (as registered on DLT)"
        description="Tip: write the link's start out, e.g. https://starloop.in/r/{#var#}, so the variable stays within 30 characters."
        autosize
        minRows={2}
        {...form.input('templateText')}
      />
      {chosen.map((value, index) => (
        <Select
          // biome-ignore lint/suspicious/noArrayIndexKey: the variables are positions in the template
          key={index}
          label={`Variable ${index + 1} is`}
          data={VARIABLE_OPTIONS}
          value={value}
          allowDeselect={false}
          onChange={(next) => {
            const list = [...chosen];
            list[index] = (next ?? 'customerName') as TSmsTemplateVariable;
            form.setField('variables', list);
          }}
          error={index === 0 ? form.errors.variables : undefined}
          maw={280}
        />
      ))}
      <Group grow align="flex-start">
        <TextInput label="Case reply DLT template ID (optional)" {...form.input('caseDltTemplateId')} />
      </Group>
      <Textarea
        label="Case reply template text (optional)"
        description={`Replies to an unhappy customer from the inbox go from your sender with this template: the first ${DLT_VARIABLE} is your business name, the others carry the reply. Empty: they go from StarLoop's sender.`}
        autosize
        minRows={2}
        {...form.input('caseTemplateText')}
      />
      {view.deliveryReportUrl ? (
        <Stack gap={4}>
          <Text size="sm">
            In your Gupshup account, set these URLs (they are yours alone; keep them private):
          </Text>
          <Text size="xs">Real-time delivery URL</Text>
          <Code block>{view.deliveryReportUrl}</Code>
          <Text size="xs">Keyword response URL (for STOP on your long code)</Text>
          <Code block>{view.inboundUrl}</Code>
        </Stack>
      ) : null}
    </ChannelForm>
  );
}

/** WhatsApp and SMS for review requests: each owner's own accounts; secrets are never shown back. */
export function ChannelsSection() {
  const trpc = useTrpc();
  const settings = useQuery(trpc.owner.channels.get.queryOptions());
  if (settings.isError) return <LoadError title="Failed to load messaging channels" query={settings} />;
  return (
    <SectionCard titleId="channels-title" title="WhatsApp and SMS">
      {settings.isPending ? (
        <Skeleton height={160} radius="md" />
      ) : (
        <Stack gap="lg">
          <WhatsAppForm view={settings.data.whatsapp} />
          <Divider />
          <SmsForm view={settings.data.sms} />
        </Stack>
      )}
    </SectionCard>
  );
}
