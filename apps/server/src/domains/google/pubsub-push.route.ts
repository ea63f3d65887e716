import { GOOGLE_TEXTS } from '@starloop/contract';
import { findGoogleOwnersByLocation } from '@starloop/db';
import type { FastifyInstance } from 'fastify';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { z } from 'zod';
import { bearerToken } from '../../auth/tokens.ts';
import type { TDeps } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { defineRestRoute } from '../../rest/define-route.ts';
import { googleUrls } from './google-api.client.ts';
import { queueGoogleSync } from './google-sync.worker.ts';

/*
 * POST /api/google/pubsub: Cloud Pub/Sub's push of Business Profile notifications. Authenticated
 * by the OIDC token Pub/Sub sends as a bearer (an authenticated push subscription): signed by
 * Google (its JWKS), for our audience, by the subscription's own service account. We chose it over
 * a secret token in the push URL, which would sit in Pub/Sub's configuration and any proxy's logs.
 * A push is only a hint: it names a review of a location, and the sync then reads that review from
 * Google with the owner's own token, so a push carries no data we trust.
 */

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

const jwksByUrl = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
const jwksFor = (url: string) => {
  let jwks = jwksByUrl.get(url);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000, cooldownDuration: 30_000 });
    jwksByUrl.set(url, jwks);
  }
  return jwks;
};

const ZPushEnvelope = z.object({
  message: z.object({
    data: z
      .string()
      .max(64 * 1024)
      .optional(),
    messageId: z.string().optional(),
    attributes: z.record(z.string(), z.string()).optional(),
  }),
  subscription: z.string().optional(),
});

/** What Business Profile publishes (v1 spells the fields with underscores, v4 in camel case). */
const ZNotification = z.object({
  type: z.string().optional(),
  notificationType: z.string().optional(),
  review_name: z.string().max(300).optional(),
  reviewName: z.string().max(300).optional(),
  location_name: z.string().max(200).optional(),
  locationName: z.string().max(200).optional(),
});

/** The push's OIDC token is Google's, for our audience, from our push subscription's account. */
export async function verifyPushToken(
  deps: Pick<TDeps, 'config'>,
  authorization: string | undefined,
): Promise<void> {
  const { google } = deps.config;
  const token = bearerToken(authorization);
  const refuse = () => new AppError('UNAUTHORIZED', 'This push is not signed by our Pub/Sub subscription.');
  if (!token || !google.pubsub.serviceAccount) throw refuse();
  try {
    const { payload } = await jwtVerify(token, jwksFor(googleUrls(google).certs), {
      issuer: GOOGLE_ISSUERS,
      audience: google.pubsub.audience,
      algorithms: ['RS256'],
    });
    if (payload.email !== google.pubsub.serviceAccount || payload.email_verified !== true) throw refuse();
  } catch {
    throw refuse();
  }
}

export async function pubsubPushRoute(app: FastifyInstance, { deps }: { deps: TDeps }) {
  defineRestRoute(
    app,
    deps,
    {
      method: 'POST',
      url: '/google/pubsub',
      summary: 'Cloud Pub/Sub push of Google Business Profile notifications (new and updated reviews)',
      description:
        "Authenticated push: the bearer is the OIDC token of the push subscription, checked against Google's keys, " +
        'GOOGLE_PUBSUB_AUDIENCE and GOOGLE_PUBSUB_SERVICE_ACCOUNT; anything else is a 401. Answers 204 (acknowledged).',
      tags: ['google'],
      auth: 'webhook',
      webhookScheme: 'pubsubOidc',
      status: 204,
      verify: async (request) => {
        if (!deps.config.google.enabled) throw new AppError('NOT_FOUND', GOOGLE_TEXTS.notEnabled);
        await verifyPushToken(deps, request.headers.authorization);
      },
    },
    async (request, reply) => {
      const envelope = ZPushEnvelope.safeParse(request.body);
      // A malformed message is acknowledged: Pub/Sub would otherwise send it again for a week.
      if (!envelope.success || !envelope.data.message.data) return reply.status(204).send();
      let decoded: unknown;
      try {
        decoded = JSON.parse(Buffer.from(envelope.data.message.data, 'base64').toString('utf8'));
      } catch {
        return reply.status(204).send();
      }
      const notification = ZNotification.safeParse(decoded);
      if (!notification.success) return reply.status(204).send();
      const type = notification.data.type ?? notification.data.notificationType;
      const reviewName = notification.data.review_name ?? notification.data.reviewName;
      const location = notification.data.location_name ?? notification.data.locationName ?? reviewName;
      if ((type !== 'NEW_REVIEW' && type !== 'UPDATED_REVIEW') || !reviewName || !location) {
        return reply.status(204).send();
      }
      const match = /^(?:(accounts\/[^/]+)\/)?(locations\/[^/]+)/.exec(location);
      if (!match) return reply.status(204).send();
      const owners = await findGoogleOwnersByLocation(deps.db, match[1], match[2]!);
      for (const ownerId of owners) await queueGoogleSync(deps, { ownerId, kind: 'review', reviewName });
      request.log.info({ type, owners: owners.length }, 'google push received');
      return reply.status(204).send();
    },
  );
}
