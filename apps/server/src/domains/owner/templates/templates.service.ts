import {
  DEFAULT_REPLY_TEMPLATES,
  planAllows,
  REPLY_PLACEHOLDERS,
  REPLY_TEXTS,
  SENTIMENT_LABELS,
  type TReplyTemplateList,
  type TReplyTemplatePreview,
  type TReplyTemplateReset,
  type TReplyTemplateUpdate,
  type TSentimentLabel,
} from '@starloop/contract';
import {
  deleteReplyTemplate,
  listReplyTemplates,
  type TDb,
  type TOwnerPublic,
  upsertReplyTemplate,
} from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { badRequest, forbidden } from '../../../lib/errors.ts';
import {
  assertKnownPlaceholders,
  renderReply,
  replyValuesFor,
  SAMPLE_REVIEWS,
} from '../../replies/reply-templates.rules.ts';

/** Automatic replies and custom templates belong to the Professional plan. */
export const repliesEnabled = (owner: Pick<TOwnerPublic, 'plan'>) => planAllows(owner.plan, 'replies');

/** The owner's template for each sentiment, or the default. */
export async function templatesFor(
  db: TDb,
  ownerId: number,
): Promise<Record<TSentimentLabel, { body: string; isDefault: boolean }>> {
  const custom = new Map((await listReplyTemplates(db, ownerId)).map((t) => [t.sentiment, t.body]));
  return Object.fromEntries(
    SENTIMENT_LABELS.map((s) => {
      const body = custom.get(s);
      return [s, body ? { body, isDefault: false } : { body: DEFAULT_REPLY_TEMPLATES[s], isDefault: true }];
    }),
  ) as Record<TSentimentLabel, { body: string; isDefault: boolean }>;
}

export async function listTemplates(
  deps: Pick<TDeps, 'db'>,
  owner: TOwnerPublic,
): Promise<TReplyTemplateList> {
  const templates = await templatesFor(deps.db, owner.id);
  return {
    templates: SENTIMENT_LABELS.map((sentiment) => ({ sentiment, ...templates[sentiment] })),
    placeholders: REPLY_PLACEHOLDERS.map((p) => ({ key: p.key, description: p.description })),
    enabled: repliesEnabled(owner),
  };
}

export async function updateTemplate(
  deps: Pick<TDeps, 'db' | 'log'>,
  owner: TOwnerPublic,
  input: TReplyTemplateUpdate,
): Promise<TReplyTemplateList> {
  if (!repliesEnabled(owner)) throw forbidden(REPLY_TEXTS.professionalOnly);
  const problem = assertKnownPlaceholders(input.body);
  if (problem) throw badRequest(problem, 'body');
  await upsertReplyTemplate(deps.db, owner.id, input.sentiment, input.body);
  deps.log.info({ ownerId: owner.id, sentiment: input.sentiment }, 'reply template updated');
  return listTemplates(deps, owner);
}

/** Back to the default template. Allowed on any plan: it only removes a customisation. */
export async function resetTemplate(
  deps: Pick<TDeps, 'db'>,
  owner: TOwnerPublic,
  input: TReplyTemplateReset,
): Promise<TReplyTemplateList> {
  await deleteReplyTemplate(deps.db, owner.id, input.sentiment);
  return listTemplates(deps, owner);
}

/** Renders a template with sample values (any plan: owners can see what replies look like). */
export function previewTemplate(owner: TOwnerPublic, input: TReplyTemplatePreview): { text: string } {
  const problem = assertKnownPlaceholders(input.body);
  if (problem) throw badRequest(problem, 'body');
  const sample = SAMPLE_REVIEWS[input.sentiment];
  const values = replyValuesFor(
    { rating: sample.rating, message: sample.message, customerContact: sample.contact },
    owner.businessName,
  );
  return { text: renderReply(input.body, values) };
}
