import type { TCasesBulkAnswer, TOwnerLanguage } from '@starloop/contract';
import { fill, plural } from '@starloop/review-page';
import { en, type TOwnerMessages } from '../../../../lib/owner-i18n/en.ts';

/**
 * What a bulk change says when it comes back: how many were done, and each refusal with its case
 * (the server's message, as is). `done` words the change: 'Assigned', 'Resolved'; `language` and
 * `text` are the person's (English when left out).
 */
export function bulkSummary(
  answer: TCasesBulkAnswer,
  done: string,
  language: TOwnerLanguage = 'en',
  text: TOwnerMessages['inboxTools']['summary'] = en.inboxTools.summary,
): { ok: boolean; message: string } {
  const refused = answer.results.filter((r) => !r.ok);
  if (refused.length === 0) {
    return { ok: true, message: fill(plural(language, text.done, answer.updated), { done }) };
  }
  const reasons = refused
    .map((r) => fill(text.refused, { id: r.id, reason: r.message ?? text.notChanged }))
    .join(' ');
  const summary = fill(plural(language, text.partial, answer.updated), {
    done,
    total: answer.results.length,
  });
  return { ok: false, message: `${summary} ${reasons}` };
}
