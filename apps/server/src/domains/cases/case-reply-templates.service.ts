import {
  CASE_REPLY_TEMPLATE_KINDS,
  CASE_TEXTS,
  type TCaseReplyTemplates,
  type TCaseReplyTemplateUpdate,
} from '@starloop/contract';
import { listCaseReplyTemplates, saveCaseReplyTemplate } from '@starloop/db';
import type { TAccountSession } from '../../auth/authenticate.ts';
import type { TDeps } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import { asksForReviewChange, CASE_TEXT_LANGUAGES, DEFAULT_CASE_REPLIES } from './case-message-texts.ts';

/**
 * The reply box's templates (an apology, a callback request) in the customer's page language: the
 * account's own wording where it has one, else StarLoop's. One wording per account, used by every
 * branch: a chain answers alike.
 */
export async function listCaseReplyTemplatesOf(
  deps: Pick<TDeps, 'db'>,
  session: TAccountSession,
  query: { language?: string | undefined },
): Promise<TCaseReplyTemplates> {
  const languages = query.language === undefined ? CASE_TEXT_LANGUAGES : [checkedLanguage(query.language)];
  const own = await listCaseReplyTemplates(deps.db, Number(session.membership.accountId));
  const custom = new Map(own.map((t) => [`${t.kind}:${t.language}`, t.text]));
  return {
    templates: languages.flatMap((language) =>
      CASE_REPLY_TEMPLATE_KINDS.map((kind) => {
        const text = custom.get(`${kind}:${language}`);
        return {
          kind,
          language,
          text: text ?? DEFAULT_CASE_REPLIES[kind][language],
          custom: text !== undefined,
        };
      }),
    ),
  };
}

function checkedLanguage(language: string): (typeof CASE_TEXT_LANGUAGES)[number] {
  const found = CASE_TEXT_LANGUAGES.find((l) => l === language);
  if (!found) throw badRequest(CASE_TEXTS.languageInvalid, 'language');
  return found;
}

/** The account's own wording of one template in one language; an empty text restores StarLoop's. */
export async function updateCaseReplyTemplateOf(
  deps: Pick<TDeps, 'db' | 'now'>,
  session: TAccountSession,
  input: TCaseReplyTemplateUpdate,
): Promise<TCaseReplyTemplates> {
  const language = checkedLanguage(input.language);
  if (input.text !== '' && asksForReviewChange(input.text))
    throw badRequest(CASE_TEXTS.incentiveRefused, 'text');
  await saveCaseReplyTemplate(deps.db, {
    accountId: Number(session.membership.accountId),
    kind: input.kind,
    language,
    text: input.text === '' ? null : input.text,
    at: deps.now(),
  });
  return listCaseReplyTemplatesOf(deps, session, { language });
}
