import { createHash } from 'node:crypto';
import {
  IDEMPOTENCY_KEY_MAX,
  INTEGRATION_TEXTS,
  type TApiReviewRequestCreate,
  ZApiReviewRequestCreate,
  ZApiReviewRequestCreated,
} from '@starloop/contract';
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey } from '@starloop/db';
import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../../../context.ts';
import { AppError, badRequest, conflict, HTTP_STATUS, type TErrorCode } from '../../../lib/errors.ts';
import { defineRestRoute } from '../../../rest/define-route.ts';
import { sendRequest } from '../requests/request-creation.service.ts';

/** Printable ASCII without spaces at the ends: what clients send (UUIDs, order ids). */
const IDEMPOTENCY_KEY = /^[\x21-\x7E](?:[\x20-\x7E]{0,253}[\x21-\x7E])?$/;
const CREATED = 201;

const CODE_OF_STATUS = Object.fromEntries(
  Object.entries(HTTP_STATUS).map(([code, status]) => [status, code]),
) as Record<number, TErrorCode>;

/** A stored refusal, answered again exactly as the first time. */
interface TStoredError {
  error: { message: string; field: string | null };
}

/** The same body, whatever its key order or spacing, hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * POST /api/v1/review-requests: another system (a billing counter, a POS, a CRM) asks for one
 * review request for one of the owner's customers, with an owner API key. Not a procedure: it
 * needs the Idempotency-Key header and answers a repeated key with the first answer (status and
 * body), which a procedure cannot. The request itself goes through the same service as the
 * owner's "Send now" (requests.service.ts `sendRequest`): consent, opt-out, interval and plan
 * quota rules included.
 */
export async function createReviewRequestRoute(app: FastifyInstance, { deps }: { deps: TDeps }) {
  defineRestRoute(
    app,
    deps,
    {
      method: 'POST',
      url: '/v1/review-requests',
      summary: 'Send a review request (API key)',
      description:
        'Body: `contact` (name, phone and/or email, consent: true, consentAt, consentSource) or `contactId`. ' +
        'The `Idempotency-Key` header is required (1-255 printable characters, e.g. a UUID or your bill number): ' +
        'a repeated key answers the first answer again (status and body, with `Idempotent-Replayed: true`) and sends nothing; ' +
        'the same key with another body is a 409. Refusals (no consent, opted out, asked recently, quota) are 4xx with a message.',
      tags: ['integrations'],
      auth: 'api_key',
      body: ZApiReviewRequestCreate,
      response: ZApiReviewRequestCreated,
      status: CREATED,
      bodyLimit: 16 * 1024,
    },
    async (request, reply, session) => {
      await deps.rateLimiter.consume('apiCallsPerKey', String(session.apiKeyId));
      const header = request.headers['idempotency-key'];
      const key = Array.isArray(header) ? header[0] : header;
      if (!key || key.length > IDEMPOTENCY_KEY_MAX || !IDEMPOTENCY_KEY.test(key)) {
        throw badRequest(INTEGRATION_TEXTS.idempotencyKeyRequired, 'Idempotency-Key');
      }
      const parsed = ZApiReviewRequestCreate.safeParse(request.body ?? {});
      // Invalid input is not remembered: the client fixes it and sends again with the same key.
      if (!parsed.success) throw parsed.error;
      const input: TApiReviewRequestCreate = parsed.data;
      const ownerId = session.owner.id;
      const requestHash = createHash('sha256').update(canonical(input)).digest('hex');

      const claim = await claimIdempotencyKey(deps.db, ownerId, key, requestHash);
      if (claim.kind !== 'new') {
        if (claim.requestHash !== requestHash)
          throw conflict(INTEGRATION_TEXTS.idempotencyKeyReused, 'Idempotency-Key');
        if (claim.kind === 'running')
          throw conflict(INTEGRATION_TEXTS.idempotencyKeyRunning, 'Idempotency-Key');
        reply.header('idempotent-replayed', 'true');
        if (claim.statusCode >= 400) {
          const stored = claim.response as TStoredError;
          throw new AppError(
            CODE_OF_STATUS[claim.statusCode] ?? 'BAD_REQUEST',
            stored.error.message,
            stored.error.field ?? undefined,
          );
        }
        reply.status(claim.statusCode);
        return claim.response;
      }

      try {
        const result = await sendRequest(deps, session.owner, input);
        await completeIdempotencyKey(deps.db, ownerId, key, { statusCode: CREATED, response: result });
        deps.log.info(
          { ownerId, apiKeyId: session.apiKeyId, requestId: result.requestId },
          'review request by API',
        );
        reply.status(CREATED);
        return result;
      } catch (error) {
        // A refusal is an answer (the same key gets it again); a fault or an outage is not.
        if (error instanceof AppError && error.status < 500) {
          const stored: TStoredError = { error: { message: error.message, field: error.field ?? null } };
          await completeIdempotencyKey(deps.db, ownerId, key, { statusCode: error.status, response: stored });
        } else {
          await releaseIdempotencyKey(deps.db, ownerId, key).catch(() => undefined);
        }
        throw error;
      }
    },
  );
}
