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
  DLT_VARIABLE,
  type TChannelSettingsUpdate,
  type TChannelSettingsView,
  type TSmsSettings,
  type TSmsTemplateVariable,
  type TWhatsAppSettings,
  ZSmsSettingsUpdate,
  ZWhatsAppSettingsUpdate,
} from '@starloop/contract';
import { fill } from '@starloop/review-page';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { notify } from '../../../components/notify.ts';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { anyMessage } from '../../../lib/api-errors.ts';
import { useOwnerMessages } from '../../../lib/owner-i18n/owner-messages.ts';
import { submitHandler, type TForm, type TFormSchema, useForm } from '../../../lib/use-form.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { LoadError } from '../shared/load-error.tsx';

const countVariables = (template: string) => template.split(DLT_VARIABLE).length - 1;

type TChannel = 'whatsapp' | 'sms';

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
  const t = useOwnerMessages().channels;
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const form = useForm<T, Out>(schema, initial);
  const { setField, showServerError } = form;
  const save = useMutation(
    trpc.owner.channels.update.mutationOptions({
      onSuccess: (saved: TChannelSettingsView) => {
        queryClient.setQueryData(trpc.owner.channels.get.queryKey(), saved);
        setField(secret, '' as T[typeof secret]);
        notify.success(t.saved);
      },
      onError: (error) => {
        notify.error(fill(t.saveFailed, { message: anyMessage(error, t.tryAgain) }));
        showServerError(error, t.tryAgain);
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
  const { label, title, switchLabel, saveLabel } = useOwnerMessages().channels[channel];
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
const secretHint = (saved: boolean, text: string) => (saved ? text : undefined);

/** The WhatsApp form's fields and their defaults. */
const WHATSAPP_FIELDS = { phoneNumberId: '', templateName: '', templateLanguage: 'en', caseTemplateName: '' };
/** The WhatsApp form checks what the update takes, but for the channel. */
const ZWhatsAppForm = ZWhatsAppSettingsUpdate.omit({ channel: true });

function WhatsAppForm({ view }: { view: TWhatsAppSettings }) {
  const texts = useOwnerMessages().channels;
  const t = texts.whatsapp;
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
        {t.intro}
      </Text>
      <TextInput label={t.phoneNumberId} description={t.phoneNumberIdHelp} {...form.input('phoneNumberId')} />
      <Group grow align="flex-start">
        <TextInput label={t.templateName} {...form.input('templateName')} />
        <TextInput
          label={t.templateLanguage}
          description={t.templateLanguageHelp}
          {...form.input('templateLanguage')}
        />
      </Group>
      <TextInput
        label={t.caseTemplateName}
        description={t.caseTemplateNameHelp}
        {...form.input('caseTemplateName')}
      />
      <PasswordInput
        label={t.accessToken}
        description={secretHint(view.accessTokenSet, texts.secretSaved) ?? t.accessTokenHelp}
        autoComplete="off"
        {...form.input('accessToken')}
      />
      {!view.webhookReady ? (
        <Text size="xs" fw={500}>
          {t.webhookNotReady}
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
  const texts = useOwnerMessages().channels;
  const t = texts.sms;
  const variable = { variable: DLT_VARIABLE };
  const variableOptions = (Object.keys(texts.variables) as TSmsTemplateVariable[]).map((value) => ({
    value,
    label: texts.variables[value],
  }));
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
        {fill(t.intro, variable)}
      </Text>
      <Group grow align="flex-start">
        <TextInput label={t.userId} {...form.input('userId')} />
        <PasswordInput
          label={t.password}
          description={secretHint(view.passwordSet, texts.secretSaved)}
          autoComplete="off"
          {...form.input('password')}
        />
      </Group>
      <Group grow align="flex-start">
        <TextInput label={t.entityId} {...form.input('principalEntityId')} />
        <TextInput label={t.header} maxLength={6} {...form.input('header')} />
        <TextInput label={t.templateId} {...form.input('dltTemplateId')} />
      </Group>
      <Textarea
        label={t.templateText}
        description={fill(t.templateTextHelp, variable)}
        autosize
        minRows={2}
        {...form.input('templateText')}
      />
      {chosen.map((value, index) => (
        <Select
          // biome-ignore lint/suspicious/noArrayIndexKey: the variables are positions in the template
          key={index}
          label={fill(texts.variable, { n: index + 1 })}
          data={variableOptions}
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
        <TextInput label={t.caseTemplateId} {...form.input('caseDltTemplateId')} />
      </Group>
      <Textarea
        label={t.caseTemplateText}
        description={fill(t.caseTemplateTextHelp, variable)}
        autosize
        minRows={2}
        {...form.input('caseTemplateText')}
      />
      {view.deliveryReportUrl ? (
        <Stack gap={4}>
          <Text size="sm">{t.urls}</Text>
          <Text size="xs">{t.deliveryUrl}</Text>
          <Code block>{view.deliveryReportUrl}</Code>
          <Text size="xs">{t.inboundUrl}</Text>
          <Code block>{view.inboundUrl}</Code>
        </Stack>
      ) : null}
    </ChannelForm>
  );
}

/** WhatsApp and SMS for review requests: each owner's own accounts; secrets are never shown back. */
export function ChannelsSection() {
  const t = useOwnerMessages().channels;
  const trpc = useTrpc();
  const settings = useQuery(trpc.owner.channels.get.queryOptions());
  if (settings.isError) return <LoadError title={t.loadFailed} query={settings} />;
  return (
    <SectionCard titleId="channels-title" title={t.title}>
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
