import { REQUEST_TEXTS, UNSUBSCRIBE_TEXTS } from '@starloop/contract';
import { isAddressHashSuppressed, suppressEmailAddress } from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { badRequest } from '../../../lib/errors.ts';
import {
  addressHashOfToken,
  requestIdOfUnsubscribeToken,
  unsubscribeToken,
} from '../../../mail/unsubscribe-tokens.ts';
import { requestUnsubscribeState, unsubscribeFromRequests } from '../../owner/requests/opt-out.service.ts';

/** The link every automatic reply carries: opening it shows a page whose button unsubscribes. */
export function unsubscribeUrl(deps: Pick<TDeps, 'config'>, email: string): string {
  return `${deps.config.appUrl}/api/unsubscribe?token=${unsubscribeToken(deps.config.tokenSecret, email)}`;
}

function addressHashOf(deps: Pick<TDeps, 'config'>, token: string): string {
  const addressHash = addressHashOfToken(deps.config.tokenSecret, token);
  if (!addressHash) throw badRequest(UNSUBSCRIBE_TEXTS.invalid, 'token');
  return addressHash;
}

/**
 * A review request email's link (`r<id>.<signature>`): it stops that business's requests to the
 * customer, not all mail. Undefined when the token is not of that kind.
 */
async function requestLink(deps: TDeps, token: string) {
  if (!token.startsWith('r')) return undefined;
  const requestId = requestIdOfUnsubscribeToken(deps.config.tokenSecret, token);
  const state = requestId === undefined ? undefined : await requestUnsubscribeState(deps, requestId);
  if (!state) throw badRequest(UNSUBSCRIBE_TEXTS.invalid, 'token');
  return state;
}

/**
 * GET: whether the link is genuine (else 400), whether it is used already, and the question or
 * answer to show.
 */
export async function checkUnsubscribeLink(
  deps: TDeps,
  token: string,
): Promise<{ unsubscribed: boolean; message: string }> {
  const request = await requestLink(deps, token);
  if (request) {
    return {
      unsubscribed: request.unsubscribed,
      message: request.unsubscribed
        ? REQUEST_TEXTS.unsubscribeAlready(request.business)
        : REQUEST_TEXTS.unsubscribeConfirm(request.business),
    };
  }
  const unsubscribed = await isAddressHashSuppressed(deps.db, addressHashOf(deps, token));
  return { unsubscribed, message: unsubscribed ? UNSUBSCRIBE_TEXTS.already : UNSUBSCRIBE_TEXTS.confirm };
}

/**
 * POST: the address stops getting mail from now on (every mail the mailer sends checks it); a
 * request email's link opts the customer out of that business's requests.
 */
export async function unsubscribe(deps: TDeps, token: string): Promise<{ success: true; message: string }> {
  const request = await requestLink(deps, token);
  if (request) {
    if (request.unsubscribed)
      return { success: true, message: REQUEST_TEXTS.unsubscribeAlready(request.business) };
    await unsubscribeFromRequests(deps, request.contact);
    return { success: true, message: REQUEST_TEXTS.unsubscribeDone(request.business) };
  }
  const added = await suppressEmailAddress(deps.db, addressHashOf(deps, token));
  if (added) deps.log.info('an address unsubscribed from all mail');
  return { success: true, message: added ? UNSUBSCRIBE_TEXTS.done : UNSUBSCRIBE_TEXTS.already };
}
