import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  DATA_REQUEST_DUE_DAYS,
  MY_DATA_TEXTS,
  type TMyDataCodeRequest,
  type TMyDataCodeResult,
  type TMyDataRequestCreate,
  type TMyDataRequestResult,
  type TMyDataVerify,
  type TMyDataView,
} from '@starloop/contract';
import {
  countDataRequestCodeAttempt,
  findCustomerHoldings,
  findLiveDataRequestCode,
  insertDataRequestCode,
  insertDataRequests,
  openDataRequestDueDates,
  spendDataRequestCode,
} from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { auditBy } from '../../../lib/audit.ts';
import { AppError, badRequest } from '../../../lib/errors.ts';
import { normalizeEmail, normalizePhone } from '../../owner/requests/contact-fields.rules.ts';
import { withdrawConsent } from '../../owner/requests/opt-out.service.ts';
import { sendMyDataCode } from './my-data-code.channel.ts';

/**
 * The public "my data" page (issue 35 item 3; docs/security.md, "The my-data page"). A customer
 * asks for a 6-digit code at a phone (StarLoop's SMS sender) or an email; the code is stored as a
 * keyed hash, works for 10 minutes and for 5 guesses, once; asking and guessing are rate-limited
 * per address and per identifier. The answer to asking never says whether any business knows the
 * identifier. A right code opens a session token (30 minutes, HMAC-signed, nothing stored) that
 * lists the businesses holding data about it and lets the customer ask them to show or erase it,
 * or withdraw consent to every further message.
 */

export const MY_DATA_CODE_TTL_SECONDS = 10 * 60;
export const MY_DATA_CODE_MAX_ATTEMPTS = 5;
export const MY_DATA_SESSION_SECONDS = 30 * 60;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface TCustomerId {
  kind: 'phone' | 'email';
  value: string;
}

/** A phone (E.164 after Indian defaults) or an email (lower-cased); else a 400 on `identifier`. */
export function customerIdOf(raw: string): TCustomerId {
  if (raw.includes('@')) {
    const email = normalizeEmail(raw);
    if (email) return { kind: 'email', value: email };
  } else {
    const phone = normalizePhone(raw);
    if (phone) return { kind: 'phone', value: phone };
  }
  throw badRequest(MY_DATA_TEXTS.identifierInvalid, 'identifier');
}

const keyed = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

/** How the identifier is named in the database: a keyed hash (a phone number's sha256 is guessable). */
export const identifierHashOf = (secret: string, id: TCustomerId) =>
  keyed(secret, `starloop:my-data:${id.kind}:${id.value}`);

const codeHashOf = (secret: string, identifierHash: string, code: string) =>
  keyed(secret, `starloop:my-data-code:${identifierHash}:${code}`);

/** "+91••••••3210", "r••••@example.com": enough for a record, not enough to reach the customer. */
export function maskIdentifier(id: TCustomerId): string {
  if (id.kind === 'phone')
    return `${id.value.slice(0, 3)}${'•'.repeat(Math.max(0, id.value.length - 7))}${id.value.slice(-4)}`;
  const [local = '', domain = ''] = id.value.split('@');
  return `${local.slice(0, 1)}••••@${domain}`;
}

const whoOf = (id: TCustomerId) => (id.kind === 'phone' ? { phoneE164: id.value } : { email: id.value });

// ------------------------------------------------------------------------------ session tokens

function sessionToken(secret: string, id: TCustomerId, expiresAt: Date): string {
  const body = Buffer.from(JSON.stringify({ k: id.kind, v: id.value, e: expiresAt.getTime() })).toString(
    'base64url',
  );
  return `${body}.${keyed(secret, `starloop:my-data-session:${body}`)}`;
}

function customerOfSession(deps: Pick<TDeps, 'config' | 'now'>, token: string): TCustomerId {
  const expired = () => new AppError('UNAUTHORIZED', MY_DATA_TEXTS.sessionExpired, 'token');
  const [body = '', signature = ''] = token.split('.');
  const expected = keyed(deps.config.tokenSecret, `starloop:my-data-session:${body}`);
  if (signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected)))
    throw expired();
  let parsed: { k?: unknown; v?: unknown; e?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw expired();
  }
  if (
    (parsed.k !== 'phone' && parsed.k !== 'email') ||
    typeof parsed.v !== 'string' ||
    typeof parsed.e !== 'number'
  )
    throw expired();
  if (parsed.e <= deps.now().getTime()) throw expired();
  return { kind: parsed.k, value: parsed.v };
}

// ----------------------------------------------------------------------------------- the steps

/** public.myData.requestCode: a code to the phone or the address, the same answer whatever is held. */
export async function requestMyDataCode(
  deps: TDeps,
  input: TMyDataCodeRequest,
  client: { ip: string },
): Promise<TMyDataCodeResult> {
  const id = customerIdOf(input.identifier);
  if (id.kind === 'phone' && !deps.config.platform.sms?.otpTemplateId) {
    throw new AppError('SERVICE_UNAVAILABLE', MY_DATA_TEXTS.phoneUnavailable, 'identifier');
  }
  await deps.rateLimiter.consume('myDataCodePerIp', client.ip);
  const identifierHash = identifierHashOf(deps.config.tokenSecret, id);
  await deps.rateLimiter.consume('myDataCodePerIdentifier', identifierHash);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = deps.now();
  await insertDataRequestCode(deps.db, {
    identifierHash,
    codeHash: codeHashOf(deps.config.tokenSecret, identifierHash, code),
    expiresAt: new Date(now.getTime() + MY_DATA_CODE_TTL_SECONDS * 1000),
    createdAt: now,
  });
  await sendMyDataCode(deps, id, code);
  return { success: true, message: MY_DATA_TEXTS.codeSent };
}

async function viewOf(deps: TDeps, id: TCustomerId): Promise<TMyDataView> {
  const expiresAt = new Date(deps.now().getTime() + MY_DATA_SESSION_SECONDS * 1000);
  const holdings = await findCustomerHoldings(deps.db, whoOf(id));
  return {
    success: true,
    token: sessionToken(deps.config.tokenSecret, id, expiresAt),
    expiresAt: expiresAt.toISOString(),
    identifier: id.value,
    businesses: holdings.map((h) => ({ businessId: h.ownerId, businessName: h.businessName, held: h.held })),
  };
}

/** public.myData.verify: the right code opens the list of businesses and a session token. */
export async function verifyMyDataCode(
  deps: TDeps,
  input: TMyDataVerify,
  client: { ip: string },
): Promise<TMyDataView> {
  const id = customerIdOf(input.identifier);
  await deps.rateLimiter.consume('myDataVerifyPerIp', client.ip);
  const identifierHash = identifierHashOf(deps.config.tokenSecret, id);
  const wrong = () => badRequest(MY_DATA_TEXTS.codeWrong, 'code');
  const live = await findLiveDataRequestCode(deps.db, identifierHash, deps.now());
  if (!live) throw wrong();
  const given = Buffer.from(codeHashOf(deps.config.tokenSecret, identifierHash, input.code));
  if (!timingSafeEqual(given, Buffer.from(live.codeHash))) {
    const attempts = await countDataRequestCodeAttempt(deps.db, Number(live.id));
    // The fifth wrong guess spends the code: a new one must be asked for.
    if (attempts !== undefined && attempts >= MY_DATA_CODE_MAX_ATTEMPTS) {
      await spendDataRequestCode(deps.db, Number(live.id), deps.now());
    }
    throw wrong();
  }
  if (!(await spendDataRequestCode(deps.db, Number(live.id), deps.now()))) throw wrong();
  return viewOf(deps, id);
}

/**
 * public.myData.createRequests: the customer asks the businesses listed (all, or those chosen) to
 * show or erase their data. Each is one data_requests row, a task for its owners due in
 * DATA_REQUEST_DUE_DAYS; an erasure also withdraws consent at once, account-wide.
 */
export async function createMyDataRequests(
  deps: TDeps,
  input: TMyDataRequestCreate,
): Promise<TMyDataRequestResult> {
  const id = customerOfSession(deps, input.token);
  const holdings = await findCustomerHoldings(deps.db, whoOf(id));
  const chosen = input.businessIds
    ? holdings.filter((h) => input.businessIds?.includes(h.ownerId))
    : holdings;
  if (chosen.length === 0) throw badRequest(MY_DATA_TEXTS.businessesInvalid, 'businessIds');
  const now = deps.now();
  const dueAt = new Date(now.getTime() + DATA_REQUEST_DUE_DAYS * DAY_MS);
  const identifierHash = identifierHashOf(deps.config.tokenSecret, id);
  await deps.db.transaction().execute(async (trx) => {
    const inserted = await insertDataRequests(
      trx,
      chosen.map((h) => ({
        ownerId: h.ownerId,
        kind: input.kind,
        identifierKind: id.kind,
        identifierHash,
        identifierMasked: maskIdentifier(id),
        identifier: id.value,
        held: h.held,
        dueAt,
        createdAt: now,
      })),
    );
    for (const row of inserted) {
      await auditBy(
        trx,
        { actorKind: 'system', actorId: null, ip: null },
        {
          action: 'data_request.create',
          targetTable: 'data_requests',
          targetId: Number(row.id),
          details: { ownerId: Number(row.ownerId), kind: row.kind, identifier: row.identifierMasked },
        },
      );
    }
  });
  if (input.kind === 'erasure') {
    await withdrawConsent(
      deps,
      whoOf(id),
      chosen.map((h) => h.ownerId),
    );
  }
  const dueOf = await openDataRequestDueDates(deps.db, {
    identifierHash,
    kind: input.kind,
    ownerIds: chosen.map((h) => h.ownerId),
  });
  return {
    success: true,
    message: MY_DATA_TEXTS.requested(chosen.length, input.kind),
    requests: chosen.map((h) => ({
      businessId: h.ownerId,
      businessName: h.businessName,
      kind: input.kind,
      dueAt: (dueOf.get(h.ownerId) ?? dueAt).toISOString(),
    })),
  };
}

/** public.myData.withdraw: no further message from any business holding the identifier (each account-wide). */
export async function withdrawMyConsent(
  deps: TDeps,
  input: { token: string },
): Promise<{ success: true; message: string }> {
  const id = customerOfSession(deps, input.token);
  const holdings = await findCustomerHoldings(deps.db, whoOf(id));
  await withdrawConsent(deps, whoOf(id));
  await auditBy(
    deps.db,
    { actorKind: 'system', actorId: null, ip: null },
    { action: 'consent.withdraw', details: { identifier: maskIdentifier(id), businesses: holdings.length } },
  );
  return { success: true, message: MY_DATA_TEXTS.withdrawn(holdings.length) };
}
