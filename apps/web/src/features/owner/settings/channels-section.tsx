import {
  Button,
  Code,
  Divider,
  Group,
  Paper,
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
import { type FormEvent, useState } from 'react';
import { notify } from '../../../components/notify.ts';
import { anyMessage, serverField } from '../../../lib/api-errors.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { LoadError } from '../shared/load-error.tsx';

const VARIABLE_LABELS: Record<TSmsTemplateVariable, string> = {
  customerName: "Customer's name",
  businessName: 'Business name',
  link: 'Review link',
};
const VARIABLE_OPTIONS = Object.entries(VARIABLE_LABELS).map(([value, label]) => ({ value, label }));

const countVariables = (template: string) => template.split(DLT_VARIABLE).length - 1;

/** The save call of one channel's form: the answer replaces the cached settings. */
function useChannelSave(onSaved: () => void) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.owner.channels.update.mutationOptions({
      onSuccess: (saved: TChannelSettingsView) => {
        queryClient.setQueryData(trpc.owner.channels.get.queryKey(), saved);
        onSaved();
        notify.success(CHANNEL_TEXTS.saved);
      },
      onError: (error) => notify.error(`Could not save. ${anyMessage(error, 'Please try again.')}`),
    }),
  );
}

/** A write-only secret: the field starts empty; empty keeps the saved one. */
const secretHint = (saved: boolean) => (saved ? 'Saved. Leave empty to keep it.' : undefined);

function WhatsAppForm({ view }: { view: TWhatsAppSettings }) {
  const [enabled, setEnabled] = useState(view.enabled);
  const [phoneNumberId, setPhoneNumberId] = useState(view.phoneNumberId ?? '');
  const [templateName, setTemplateName] = useState(view.templateName ?? '');
  const [templateLanguage, setTemplateLanguage] = useState(view.templateLanguage ?? 'en');
  const [accessToken, setAccessToken] = useState('');
  const save = useChannelSave(() => setAccessToken(''));
  const field = save.isError ? serverField(save.error) : undefined;
  const errorFor = (name: string) => (field === name ? anyMessage(save.error) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      channel: 'whatsapp',
      enabled,
      phoneNumberId,
      templateName,
      templateLanguage,
      ...(accessToken ? { accessToken } : {}),
    });
  };

  return (
    <form onSubmit={submit} aria-label="WhatsApp settings">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5">
            WhatsApp
          </Title>
          <Switch
            label="Send review requests on WhatsApp"
            checked={enabled}
            onChange={(e) => setEnabled(e.currentTarget.checked)}
          />
        </Group>
        <Text size="sm" c="dimmed">
          Uses your WhatsApp Business Account (Cloud API). Create a Utility template whose body has two
          variables:
          {' {{1}} '}the customer's name and{' {{2}} '}the review link, and send only to customers who agreed
          to hear from you on WhatsApp.
        </Text>
        <TextInput
          label="Phone number ID"
          description="WhatsApp Manager > Phone numbers (digits only)"
          value={phoneNumberId}
          onChange={(e) => setPhoneNumberId(e.currentTarget.value)}
          error={errorFor('phoneNumberId')}
        />
        <Group grow align="flex-start">
          <TextInput
            label="Template name"
            value={templateName}
            onChange={(e) => setTemplateName(e.currentTarget.value)}
            error={errorFor('templateName')}
          />
          <TextInput
            label="Template language"
            description="Such as en, en_US or hi"
            value={templateLanguage}
            onChange={(e) => setTemplateLanguage(e.currentTarget.value)}
            error={errorFor('templateLanguage')}
          />
        </Group>
        <PasswordInput
          label="Access token"
          description={
            secretHint(view.accessTokenSet) ??
            'A permanent system user token with whatsapp_business_messaging'
          }
          value={accessToken}
          autoComplete="off"
          onChange={(e) => setAccessToken(e.currentTarget.value)}
          error={errorFor('accessToken')}
        />
        {!view.webhookReady ? (
          <Text size="xs" fw={500}>
            Delivery statuses and STOP replies need this server's WhatsApp webhook to be set up by StarLoop.
          </Text>
        ) : null}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save WhatsApp
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function SmsForm({ view }: { view: TSmsSettings }) {
  const [enabled, setEnabled] = useState(view.enabled);
  const [userId, setUserId] = useState(view.userId ?? '');
  const [password, setPassword] = useState('');
  const [principalEntityId, setEntityId] = useState(view.principalEntityId ?? '');
  const [header, setHeader] = useState(view.header ?? '');
  const [dltTemplateId, setTemplateId] = useState(view.dltTemplateId ?? '');
  const [templateText, setTemplateText] = useState(view.templateText ?? '');
  const [variables, setVariables] = useState<TSmsTemplateVariable[]>(view.variables);
  const save = useChannelSave(() => setPassword(''));
  const field = save.isError ? serverField(save.error) : undefined;
  const errorFor = (name: string) => (field === name ? anyMessage(save.error) : undefined);
  const slots = Math.min(countVariables(templateText), 10);
  const chosen = Array.from(
    { length: slots },
    (_, i) => variables[i] ?? (i === slots - 1 ? 'link' : 'customerName'),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      channel: 'sms',
      enabled,
      userId,
      principalEntityId,
      header,
      dltTemplateId,
      templateText,
      variables: chosen,
      ...(password ? { password } : {}),
    });
  };

  return (
    <form onSubmit={submit} aria-label="SMS settings">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5">
            SMS (Gupshup)
          </Title>
          <Switch
            label="Send review requests by SMS"
            checked={enabled}
            onChange={(e) => setEnabled(e.currentTarget.checked)}
          />
        </Group>
        <Text size="sm" c="dimmed">
          SMS to Indian numbers must match a template registered on DLT under your entity and sender ID. Paste
          the template exactly as registered, with {DLT_VARIABLE} for each variable.
        </Text>
        <Group grow align="flex-start">
          <TextInput
            label="Gupshup user ID"
            value={userId}
            onChange={(e) => setUserId(e.currentTarget.value)}
            error={errorFor('userId')}
          />
          <PasswordInput
            label="Gupshup password"
            description={secretHint(view.passwordSet)}
            value={password}
            autoComplete="off"
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errorFor('password')}
          />
        </Group>
        <Group grow align="flex-start">
          <TextInput
            label="DLT principal entity ID"
            value={principalEntityId}
            onChange={(e) => setEntityId(e.currentTarget.value)}
            error={errorFor('principalEntityId')}
          />
          <TextInput
            label="Sender ID (header)"
            value={header}
            maxLength={6}
            onChange={(e) => setHeader(e.currentTarget.value)}
            error={errorFor('header')}
          />
          <TextInput
            label="DLT template ID"
            value={dltTemplateId}
            onChange={(e) => setTemplateId(e.currentTarget.value)}
            error={errorFor('dltTemplateId')}
          />
        </Group>
        <Textarea
          label="Template text (as registered on DLT)"
          description="Tip: write the link's start out, e.g. https://starloop.in/r/{#var#}, so the variable stays within 30 characters."
          autosize
          minRows={2}
          value={templateText}
          onChange={(e) => setTemplateText(e.currentTarget.value)}
          error={errorFor('templateText')}
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
            error={index === 0 ? errorFor('variables') : undefined}
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
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save SMS
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** WhatsApp and SMS for review requests: each owner's own accounts; secrets are never shown back. */
export function ChannelsSection() {
  const trpc = useTrpc();
  const settings = useQuery(trpc.owner.channels.get.queryOptions());
  if (settings.isError) return <LoadError title="Failed to load messaging channels" query={settings} />;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="channels-title">
      <Title order={2} size="h4" id="channels-title" mb="sm">
        WhatsApp and SMS
      </Title>
      {settings.isPending ? (
        <Skeleton height={160} radius="md" />
      ) : (
        <Stack gap="lg">
          <WhatsAppForm view={settings.data.whatsapp} />
          <Divider />
          <SmsForm view={settings.data.sms} />
        </Stack>
      )}
    </Paper>
  );
}
