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

/**
 * Custom templates and the personalised (rewritten) reply belong to the Professional plan; every plan
 * gets automatic replies (Essential: the standard thank-you, PLANS[plan].autoReply).
 */
export const customTemplatesEnabled = (owner: Pick<TOwnerPublic, 'plan'>) =>
  planAllows(owner.plan, 'templates');

type TTemplates = Record<TSentimentLabel, { body: string; isDefault: boolean }>;

/**
 * The templates an owner's replies are written from: the owner's own for each sentiment, else the
 * default. A plan without custom templates (Essential) always gets the defaults: the standard reply.
 */
export async function templatesFor(db: TDb, owner: Pick<TOwnerPublic, 'id' | 'plan'>): Promise<TTemplates> {
  const custom = customTemplatesEnabled(owner)
    ? new Map((await listReplyTemplates(db, owner.id)).map((t) => [t.sentiment, t.body]))
    : new Map<TSentimentLabel, string>();
  return Object.fromEntries(
    SENTIMENT_LABELS.map((s) => {
      const body = custom.get(s);
      return [s, body ? { body, isDefault: false } : { body: DEFAULT_REPLY_TEMPLATES[s], isDefault: true }];
    }),
  ) as TTemplates;
}

export async function listTemplates(
  deps: Pick<TDeps, 'db'>,
  owner: TOwnerPublic,
): Promise<TReplyTemplateList> {
  const templates = await templatesFor(deps.db, owner);
  return {
    templates: SENTIMENT_LABELS.map((sentiment) => ({ sentiment, ...templates[sentiment] })),
    placeholders: REPLY_PLACEHOLDERS.map((p) => ({ key: p.key, description: p.description })),
    enabled: customTemplatesEnabled(owner),
  };
}

export async function updateTemplate(
  deps: Pick<TDeps, 'db' | 'log'>,
  owner: TOwnerPublic,
  input: TReplyTemplateUpdate,
): Promise<TReplyTemplateList> {
  if (!customTemplatesEnabled(owner)) throw forbidden(REPLY_TEXTS.professionalOnly);
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
