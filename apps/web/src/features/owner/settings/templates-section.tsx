import {
  Alert,
  Button,
  Code,
  Group,
  List,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  PLANS,
  REPLY_TEMPLATE_MAX,
  type TPlan,
  type TReplyTemplate,
  type TReplyTemplateList,
  ZReplyTemplatePreview,
  ZReplyTemplateUpdate,
} from '@starloop/contract';
import { fill } from '@starloop/review-page';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { notify } from '../../../components/notify.ts';
import { AnchorLink } from '../../../components/router-links.tsx';
import { anyMessage } from '../../../lib/api-errors.ts';
import { en, type TOwnerMessages } from '../../../lib/owner-i18n/en.ts';
import { useOwnerMessages } from '../../../lib/owner-i18n/owner-messages.ts';
import { checkForm, useForm } from '../../../lib/use-form.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { LoadError } from '../shared/load-error.tsx';

type TSentiment = TReplyTemplate['sentiment'];

export const TEMPLATE_MAX = REPLY_TEMPLATE_MAX;
/** How long the preview waits for typing to pause. */
export const PREVIEW_DEBOUNCE_MS = 400;

export const SENTIMENT_TITLES: Record<TSentiment, { title: string; hint: string }> =
  en.settings.templates.sentiments;

type TTemplatesText = TOwnerMessages['settings']['templates'];

/** What a plan's automatic reply is, as `autoReplySummary` (contract) says it, in the person's language. */
export const autoReplyText = (t: TTemplatesText, plan: TPlan): string =>
  fill(t.autoReply[plan.autoReply.style], { plan: plan.name, time: t.time[plan.key] });

const ORDER: TSentiment[] = ['positive', 'neutral', 'negative'];

function TemplateEditor({ template, editable }: { template: TReplyTemplate; editable: boolean }) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const t = useOwnerMessages().settings.templates;
  const form = useForm(ZReplyTemplateUpdate, () => ({ sentiment: template.sentiment, body: template.body }));
  const { reset: resetForm } = form;
  // A reset or a save elsewhere brings a new body from the server: show it.
  useEffect(
    () => resetForm({ sentiment: template.sentiment, body: template.body }),
    [template.sentiment, template.body, resetForm],
  );
  const { body } = form.values;
  const [debounced] = useDebouncedValue(body, PREVIEW_DEBOUNCE_MS);
  // The schema's message shows as the owner types; Save waits for a valid template.
  const error = form.check().errors.body ?? null;

  // The preview renders the template with sample values on the server (a mutation: the body
  // travels in a POST). Only the answer to the latest body is shown.
  const preview = useMutation(trpc.owner.templates.preview.mutationOptions());
  const [previewText, setPreviewText] = useState<string | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const { mutate: requestPreview } = preview;
  useEffect(() => {
    const input = checkForm(ZReplyTemplatePreview, { sentiment: template.sentiment, body: debounced }).data;
    if (!input) return;
    requestPreview(input, {
      onSuccess: (result) => {
        setPreviewText(result.text);
        setPreviewError(null);
      },
      onError: (e) => setPreviewError(anyMessage(e)),
    });
  }, [debounced, template.sentiment, requestPreview]);

  const showList = (list: TReplyTemplateList) =>
    queryClient.setQueryData(trpc.owner.templates.list.queryKey(), list);
  // A saved or reset template: the answer is the new list; a failure says why.
  const change = (success: string, failure: string) => ({
    onSuccess: (list: TReplyTemplateList) => {
      showList(list);
      notify.success(success);
    },
    onError: (e: unknown) => notify.error(anyMessage(e, failure)),
  });
  const update = useMutation(trpc.owner.templates.update.mutationOptions(change(t.saved, t.saveFailed)));
  const reset = useMutation(trpc.owner.templates.reset.mutationOptions(change(t.resetDone, t.resetFailed)));

  const { title, hint } = t.sentiments[template.sentiment];
  const changed = body !== template.body;
  const busy = update.isPending || reset.isPending;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={fill(t.region, { title })}>
      <Stack gap="sm">
        <Textarea
          label={title}
          description={fill(template.isDefault ? t.isDefault : t.customised, { hint })}
          {...form.input('body')}
          readOnly={!editable}
          autosize
          minRows={4}
          maxRows={12}
          error={editable && changed ? error : null}
        />
        {editable ? (
          <Group justify="space-between" gap="xs">
            <Text size="xs" c={body.length > TEMPLATE_MAX ? 'red.8' : 'dimmed'}>
              {body.length}/{TEMPLATE_MAX}
            </Text>
            <Group gap="xs">
              <Button
                variant="subtle"
                size="xs"
                onClick={() => reset.mutate({ sentiment: template.sentiment })}
                disabled={busy || template.isDefault}
                loading={reset.isPending}
              >
                {t.reset}
              </Button>
              <Button
                size="xs"
                onClick={() => {
                  const values = form.submit();
                  if (values) update.mutate(values);
                }}
                disabled={busy || !changed || error !== null}
                loading={update.isPending}
              >
                {update.isPending ? t.saving : t.save}
              </Button>
            </Group>
          </Group>
        ) : null}
        <div>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb={4} id={`preview-${template.sentiment}`}>
            {t.preview}
          </Text>
          <Paper
            bg="gray.0"
            p="sm"
            radius="md"
            aria-labelledby={`preview-${template.sentiment}`}
            aria-live="polite"
            data-testid={`preview-${template.sentiment}`}
          >
            {previewError ? (
              <Text size="sm" c="red.8">
                {previewError}
              </Text>
            ) : previewText !== null ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {previewText}
              </Text>
            ) : (
              <Skeleton height={48} />
            )}
          </Paper>
        </div>
      </Stack>
    </Paper>
  );
}

/** Reply templates: Professional owners edit them with a live preview; Essential owners read them. */
export function TemplatesSection() {
  const trpc = useTrpc();
  const list = useQuery(trpc.owner.templates.list.queryOptions());
  const t = useOwnerMessages().settings.templates;

  return (
    <Stack gap="sm" component="section" aria-labelledby="templates-title">
      <Title order={2} size="h4" id="templates-title">
        {t.title}
      </Title>
      {list.isError ? (
        <LoadError title={t.loadFailed} query={list} />
      ) : list.isPending ? (
        <Skeleton height={160} radius="md" />
      ) : (
        <>
          {list.data.enabled ? (
            <Text size="sm" c="dimmed">
              {t.intro}
            </Text>
          ) : (
            <Alert color="brand" variant="light" title={t.upgradeTitle}>
              <Text size="sm">
                {autoReplyText(t, PLANS.essential)} {t.itsReplies} {autoReplyText(t, PLANS.professional)}{' '}
                <AnchorLink to="/dashboard/plan">{t.upgrade}</AnchorLink>
              </Text>
            </Alert>
          )}
          <Paper withBorder radius="md" p="md">
            <Text size="sm" fw={600} mb={4}>
              {t.placeholders}
            </Text>
            <List size="sm" spacing={4}>
              {list.data.placeholders.map((placeholder) => (
                <List.Item key={placeholder.key}>
                  <Code>{`{${placeholder.key}}`}</Code> {placeholder.description}
                </List.Item>
              ))}
            </List>
          </Paper>
          {ORDER.map((sentiment) => {
            const template = list.data.templates.find((each) => each.sentiment === sentiment);
            return template ? (
              <TemplateEditor key={sentiment} template={template} editable={list.data.enabled} />
            ) : null;
          })}
        </>
      )}
    </Stack>
  );
}
