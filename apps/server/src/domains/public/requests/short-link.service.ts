import { countRequestClick, findRequestByToken } from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { emitOwnerEvent } from '../../owner/integrations/webhook.events.ts';

/** The review page a request's token leads to; the click is counted unless told otherwise. */
export async function followShortLink(
  deps: Pick<TDeps, 'db' | 'now' | 'log' | 'jobs'>,
  token: string,
  options: { count: boolean },
): Promise<{ code: string } | undefined> {
  const request = await findRequestByToken(deps.db, token);
  if (!request) return undefined;
  if (options.count) {
    try {
      const at = deps.now();
      await countRequestClick(deps.db, request.id, at);
      // The owner's webhooks (docs/decisions.md, "Review requests"): best effort, never holds the redirect.
      void emitOwnerEvent(deps, request.ownerId, 'request.clicked', {
        requestId: request.id,
        clickedAt: at.toISOString(),
      });
    } catch (error) {
      // The customer still gets to the page.
      deps.log.warn({ err: error, requestId: request.id }, 'a request link click could not be counted');
    }
  }
  return { code: request.code };
}
