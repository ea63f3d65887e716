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
  type TChannelSettingsView,
  type TSmsSettings,
  type TSmsTemplateVariable,
  type TWhatsAppSettings,
} from '@starloop/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type ReactNode, useState } from 'react';
import { notify } from '../../../components/notify.ts';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { anyMessage, serverField } from '../../../lib/api-errors.ts';
import { submitHandler } from '../../../lib/use-form.ts';
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

/**
 * One channel's form: the on/off switch and text fields, with the server's error under the field
 * it names. The fields start from the saved settings, else `defaults`; the write-only `secret`
 * never comes back, so it starts empty. Saving replaces the cached settings and empties `secret`
 * again (empty keeps the saved one).
 */
function useChannelForm<T extends Record<string, string>, S extends keyof T & string>(
  channel: keyof typeof CHANNEL_FORM_TEXTS,
  view: { enabled: boolean } & { [K in keyof T]?: string | null },
  defaults: T,
  secret: S,
) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(view.enabled);
  const [values, setValues] = useState(() => {
    const saved = Object.fromEntries(
      Object.keys(defaults).map((name) => [name, view[name] ?? defaults[name]]),
    );
    return { ...saved, [secret]: '' } as T;
  });
  const save = useMutation(
    trpc.owner.channels.update.mutationOptions({
      onSuccess: (saved: TChannelSettingsView) => {
        queryClient.setQueryData(trpc.owner.channels.get.queryKey(), saved);
        setValues((current) => ({ ...current, [secret]: '' }));
        notify.success(CHANNEL_TEXTS.saved);
      },
      onError: (error) => notify.error(`Could not save. ${anyMessage(error, 'Please try again.')}`),
    }),
  );
  const field = save.isError ? serverField(save.error) : undefined;
  const errorFor = (name: string) => (field === name ? anyMessage(save.error) : undefined);
  /** Props of a TextInput / PasswordInput / Textarea bound to a field. */
  const input = (name: keyof T & string) => ({
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const next = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: next }));
    },
    error: errorFor(name),
  });
  /** What a save sends: the switch and the fields, the secret only when one was typed. */
  const payload = () => {
    const { [secret]: typed, ...rest } = values;
    return { enabled, ...rest, ...(typed ? { [secret]: typed } : {}) } as Omit<T, S> &
      Partial<Pick<T, S>> & { enabled: boolean };
  };
  return { channel, enabled, setEnabled, values, input, errorFor, save, payload };
}

/** A channel's form around its fields: the title with the on/off switch, then the save button. */
function ChannelForm({
  form,
  onSubmit,
  children,
}: {
  form: Pick<ReturnType<typeof useChannelForm>, 'channel' | 'enabled' | 'setEnabled' | 'save'>;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { label, title, switchLabel, saveLabel } = CHANNEL_FORM_TEXTS[form.channel];
  return (
    <form onSubmit={submitHandler(onSubmit)} aria-label={label}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5">
            {title}
          </Title>
          <Switch
            label={switchLabel}
            checked={form.enabled}
            onChange={(e) => form.setEnabled(e.currentTarget.checked)}
          />
        </Group>
        {children}
        <Group>
          <Button type="submit" loading={form.save.isPending}>
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
const WHATSAPP_FIELDS = { phoneNumberId: '', templateName: '', templateLanguage: 'en', accessToken: '' };

function WhatsAppForm({ view }: { view: TWhatsAppSettings }) {
  const form = useChannelForm('whatsapp', view, WHATSAPP_FIELDS, 'accessToken');

  return (
    <ChannelForm form={form} onSubmit={() => form.save.mutate({ channel: 'whatsapp', ...form.payload() })}>
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
  password: '',
};

function SmsForm({ view }: { view: TSmsSettings }) {
  const form = useChannelForm('sms', view, SMS_FIELDS, 'password');
  const [variables, setVariables] = useState<TSmsTemplateVariable[]>(view.variables);
  const slots = Math.min(countVariables(form.values.templateText), 10);
  const chosen = Array.from(
    { length: slots },
    (_, i) => variables[i] ?? (i === slots - 1 ? 'link' : 'customerName'),
  );

  return (
    <ChannelForm
      form={form}
      onSubmit={() => form.save.mutate({ channel: 'sms', ...form.payload(), variables: chosen })}
    >
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
            setVariables(list);
          }}
          error={index === 0 ? form.errorFor('variables') : undefined}
          maw={280}
        />
      ))}
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
