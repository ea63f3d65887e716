import { randomBytes } from 'node:crypto';
import {
  API_KEY_LIMIT,
  INTEGRATION_TEXTS,
  integrationsAllowed,
  OUTBOUND_EVENT_TYPES,
  type TApiKey,
  type TApiKeyCreate,
  type TApiKeyCreated,
  type TApiKeyList,
  type TAuditAction,
  type TAuditTargetTable,
  type TOutboundEventType,
  type TWebhookDeliveryList,
  type TWebhookDeliveryQuery,
  type TWebhookEndpoint,
  type TWebhookEndpointCreate,
  type TWebhookEndpointCreated,
  type TWebhookEndpointList,
  WEBHOOK_ENDPOINT_LIMIT,
} from '@starloop/contract';
import {
  deleteWebhookEndpoint as deleteEndpointRow,
  insertApiKey,
  insertWebhookEndpoint,
  inTransaction,
  listApiKeys as listApiKeyRows,
  listWebhookDeliveries as listDeliveryRows,
  listWebhookEndpoints as listEndpointRows,
  revokeApiKey as revokeApiKeyRow,
  type TApiKey as TApiKeyRow,
  type TDb,
  type TOwnerPublic,
  type TWebhookEndpoint as TWebhookEndpointRow,
} from '@starloop/db';
import { newApiKey } from '../../../auth/api-keys.ts';
import { seal } from '../../../auth/sealed-secrets.ts';
import type { TDeps } from '../../../context.ts';
import { auditByOwner, type TOwnerActor } from '../../../lib/audit.ts';
import { badRequest, forbidden } from '../../../lib/errors.ts';
import { ownedRecordRemoval } from '../owned-records.service.ts';
import { literalAddressRefused } from './outbound-http.client.ts';

/**
 * An owner's API keys and outbound webhook endpoints (owner.integrations.*), Professional only.
 * A key is shown once, at creation, and kept as its sha256; an endpoint's signing secret is shown
 * once and kept sealed (the server signs with it). Every call is scoped to the signed-in owner:
 * another owner's id is "not found", exactly like a missing one.
 */

export function assertIntegrations(owner: Pick<TOwnerPublic, 'plan'>): void {
  if (!integrationsAllowed(owner.plan)) throw forbidden(INTEGRATION_TEXTS.professionalOnly);
}

const toApiKey = (row: TApiKeyRow): TApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

export async function listApiKeys(deps: Pick<TDeps, 'db'>, owner: TOwnerPublic): Promise<TApiKeyList> {
  const rows = await listApiKeyRows(deps.db, owner.id);
  return { keys: rows.map(toApiKey), allowed: integrationsAllowed(owner.plan) };
}

/** How the audit trail, the log and the owner's messages name one kind of owner credential. */
interface TCredentialKind {
  targetTable: TAuditTargetTable;
  created: TAuditAction;
  removed: TAuditAction;
  logId: string;
  limitText: string;
  notFound: string;
  removedText: string;
}

const API_KEYS: TCredentialKind = {
  targetTable: 'api_keys',
  created: 'api_key.create',
  removed: 'api_key.revoke',
  logId: 'apiKeyId',
  limitText: INTEGRATION_TEXTS.apiKeyLimit,
  notFound: INTEGRATION_TEXTS.apiKeyNotFound,
  removedText: INTEGRATION_TEXTS.apiKeyRevoked,
};

const WEBHOOK_ENDPOINTS: TCredentialKind = {
  targetTable: 'webhook_endpoints',
  created: 'webhook_endpoint.create',
  removed: 'webhook_endpoint.delete',
  logId: 'endpointId',
  limitText: INTEGRATION_TEXTS.webhookLimit,
  notFound: INTEGRATION_TEXTS.webhookNotFound,
  removedText: INTEGRATION_TEXTS.webhookDeleted,
};

/**
 * Adds one of an owner's credentials within its plan's count: the row and its audit entry in one
 * transaction; over the count a 403 with the kind's `limitText`.
 */
async function insertCredential<Row extends { id: number }>(
  deps: Pick<TDeps, 'db' | 'log'>,
  actor: TOwnerActor,
  kind: TCredentialKind,
  insert: (trx: TDb) => Promise<Row | 'limit'>,
): Promise<Row> {
  const row = await inTransaction(deps.db, async (trx) => {
    const inserted = await insert(trx);
    if (inserted !== 'limit') {
      await auditByOwner(trx, actor, {
        action: kind.created,
        targetTable: kind.targetTable,
        targetId: inserted.id,
      });
    }
    return inserted;
  });
  if (row === 'limit') throw forbidden(kind.limitText);
  deps.log.info({ ownerId: actor.id, [kind.logId]: row.id, action: kind.created }, 'owner credential added');
  return row;
}

/** Revokes or deletes one of the owner's own credentials by id (another owner's is a 404), audited. */
const credentialRemoval = (
  kind: TCredentialKind,
  remove: (db: TDb, ownerId: number, id: number, now: Date) => Promise<boolean>,
) =>
  ownedRecordRemoval({
    remove,
    notFound: kind.notFound,
    removed: kind.removedText,
    logId: kind.logId,
    logMessage: 'owner credential removed',
    audit: { action: kind.removed, targetTable: kind.targetTable },
  });

export async function createApiKey(
  deps: Pick<TDeps, 'db' | 'log'>,
  owner: TOwnerPublic,
  input: TApiKeyCreate,
  client: { ip: string | null },
): Promise<TApiKeyCreated> {
  assertIntegrations(owner);
  const { key, prefix, hash } = newApiKey();
  const row = await insertCredential(deps, { id: owner.id, ip: client.ip }, API_KEYS, (trx) =>
    insertApiKey(trx, { ownerId: owner.id, name: input.name, prefix, keyHash: hash }, API_KEY_LIMIT),
  );
  return { apiKey: toApiKey(row), key, message: INTEGRATION_TEXTS.apiKeyCreated };
}

export const revokeApiKey = credentialRemoval(API_KEYS, revokeApiKeyRow);

// ---------------------------------------------------------------------------- webhook endpoints

const eventsOf = (value: unknown): TOutboundEventType[] =>
  (Array.isArray(value) ? value : []).filter((v): v is TOutboundEventType =>
    (OUTBOUND_EVENT_TYPES as readonly unknown[]).includes(v),
  );

const toEndpoint = (row: TWebhookEndpointRow): TWebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: eventsOf(row.events),
  createdAt: row.createdAt.toISOString(),
});

export async function listWebhookEndpoints(
  deps: Pick<TDeps, 'db'>,
  owner: TOwnerPublic,
): Promise<TWebhookEndpointList> {
  const rows = await listEndpointRows(deps.db, owner.id);
  return {
    endpoints: rows.map(toEndpoint),
    allowed: integrationsAllowed(owner.plan),
    events: [...OUTBOUND_EVENT_TYPES],
  };
}

/** `whsec_` and 32 random bytes: the owner's receiver checks X-StarLoop-Signature with it. */
const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

export async function createWebhookEndpoint(
  deps: Pick<TDeps, 'db' | 'log' | 'config'>,
  owner: TOwnerPublic,
  input: TWebhookEndpointCreate,
  client: { ip: string | null },
): Promise<TWebhookEndpointCreated> {
  assertIntegrations(owner);
  const url = new URL(input.url);
  const allowLocal = deps.config.outboundWebhooks.allowLocal;
  if (url.protocol !== 'https:' && !allowLocal) throw badRequest(INTEGRATION_TEXTS.webhookUrlInvalid, 'url');
  // Names that resolve later are checked again at every delivery (outbound-http.client.ts).
  if (!allowLocal && literalAddressRefused(url.hostname))
    throw badRequest(INTEGRATION_TEXTS.webhookUrlPrivate, 'url');
  const secret = newSigningSecret();
  const endpoint = {
    ownerId: owner.id,
    url: url.toString(),
    events: input.events,
    sealedSecret: seal(deps.config.tokenSecret, 'webhook-signing-secret', secret),
  };
  const row = await insertCredential(deps, { id: owner.id, ip: client.ip }, WEBHOOK_ENDPOINTS, (trx) =>
    insertWebhookEndpoint(trx, endpoint, WEBHOOK_ENDPOINT_LIMIT),
  );
  return { endpoint: toEndpoint(row), secret, message: INTEGRATION_TEXTS.webhookCreated };
}

export const deleteWebhookEndpoint = credentialRemoval(WEBHOOK_ENDPOINTS, deleteEndpointRow);

const DELIVERY_PAGE = 50;

export async function listWebhookDeliveries(
  deps: Pick<TDeps, 'db'>,
  owner: TOwnerPublic,
  query: TWebhookDeliveryQuery,
): Promise<TWebhookDeliveryList> {
  const rows = await listDeliveryRows(deps.db, owner.id, {
    endpointId: query.endpointId,
    beforeId: query.beforeId,
    limit: DELIVERY_PAGE + 1,
  });
  const page = rows.slice(0, DELIVERY_PAGE);
  return {
    deliveries: page.map((row) => ({
      id: row.id,
      endpointId: row.endpointId,
      url: row.url,
      eventId: row.eventId,
      eventType: row.eventType,
      status: row.status,
      attempts: row.attempts,
      lastStatusCode: row.lastStatusCode,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
      deliveredAt: row.deliveredAt?.toISOString() ?? null,
    })),
    nextBeforeId: rows.length > DELIVERY_PAGE ? (page.at(-1)?.id ?? null) : null,
  };
}
