import type { TCasesBulkAnswer } from '@starloop/contract';

/**
 * What a bulk change says when it comes back: how many were done, and each refusal with its case
 * (the server's message, as is). `done` words the change: 'Assigned', 'Resolved'.
 */
export function bulkSummary(answer: TCasesBulkAnswer, done: string): { ok: boolean; message: string } {
  const count = (n: number) => `${n} case${n === 1 ? '' : 's'}`;
  const refused = answer.results.filter((r) => !r.ok);
  if (refused.length === 0) return { ok: true, message: `${done} ${count(answer.updated)}.` };
  const reasons = refused.map((r) => `Case ${r.id}: ${r.message ?? 'not changed'}`).join(' ');
  return {
    ok: false,
    message: `${done} ${count(answer.updated)} of ${answer.results.length}. ${reasons}`,
  };
}
