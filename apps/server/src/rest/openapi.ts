import { z } from 'zod';
import type { TRouteAuth, TRouteDoc } from './define-route.ts';

/** An OpenAPI 3.1 document (JSON Schema 2020-12 inside), loosely typed. */
export type TOpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
};

type TJson = Record<string, unknown>;

const SECURITY: Record<TRouteAuth, Record<string, string[]>[]> = {
  public: [],
  owner: [{ ownerBearer: [] }],
  admin: [{ adminBearer: [] }],
  super_admin: [{ adminBearer: [] }],
  webhook: [{ razorpaySignature: [] }],
  api_key: [{ apiKey: [] }],
};

const AUTH_NOTE: Record<TRouteAuth, string> = {
  public: 'Anyone may call.',
  owner: 'Owner token (`Authorization: Bearer <authToken>`).',
  admin: 'Admin token (`Authorization: Bearer <adminToken>`).',
  super_admin: 'Admin token of a super_admin.',
  webhook: 'Razorpay webhook: body signed in `X-Razorpay-Signature`.',
  api_key:
    "An owner's API key (`Authorization: Bearer sl_live_…`, Professional plan); it acts for that owner only.",
};

/** Webhooks of other providers prove themselves their own way (TRouteDoc.webhookScheme). */
const WEBHOOK_SECURITY: Record<NonNullable<TRouteDoc['webhookScheme']>, Record<string, string[]>[]> = {
  whatsappSignature: [{ whatsappSignature: [] }],
  // The secret is part of the path itself: OpenAPI has no scheme for that.
  urlToken: [],
  pubsubOidc: [{ pubsubOidc: [] }],
};
const WEBHOOK_NOTE: Record<NonNullable<TRouteDoc['webhookScheme']>, string> = {
  whatsappSignature: 'WhatsApp webhook: body signed in `X-Hub-Signature-256` (no token).',
  urlToken: 'Provider callback: the secret token in its path is the proof (no token).',
  pubsubOidc: "Cloud Pub/Sub push: the push subscription's OIDC token as the bearer (no StarLoop token).",
};

const ERROR_SCHEMA = {
  type: 'object',
  required: ['success', 'message', 'requestId'],
  properties: {
    success: { const: false },
    message: { type: 'string', description: 'A message meant for people (the spec texts).' },
    field: { type: 'string', description: "The input field at fault, e.g. 'email' or 'branches.1.code'." },
    requestId: { type: 'string' },
  },
};

/**
 * A zod schema as JSON Schema, or a placeholder when it cannot be expressed: one odd schema must
 * never break the document. `$defs` move into components (under `prefix`) so refs keep resolving.
 */
export function toJsonSchema(
  schema: z.ZodType,
  io: 'input' | 'output',
  prefix: string,
  components: Record<string, unknown>,
): TJson {
  let json: TJson;
  try {
    json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as TJson;
  } catch (error) {
    return {
      description: `Schema not representable (${error instanceof Error ? error.message : 'unknown'})`,
    };
  }
  delete json.$schema;
  const defs = json.$defs as Record<string, unknown> | undefined;
  if (!defs) return json;
  delete json.$defs;
  const rename = (name: string) => `${prefix}_${name}`.replace(/[^\w.-]/g, '_');
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (node && typeof node === 'object') {
      const out: TJson = {};
      for (const [key, value] of Object.entries(node)) {
        out[key] =
          key === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/')
            ? `#/components/schemas/${rename(value.slice('#/$defs/'.length))}`
            : rewrite(value);
      }
      return out;
    }
    return node;
  };
  for (const [name, def] of Object.entries(defs)) components[rename(name)] = rewrite(def);
  return rewrite(json) as TJson;
}

/** Query or path parameters from an object schema's properties. */
function parametersOf(schema: TJson, where: 'query' | 'path'): TJson[] {
  const properties = (schema.properties ?? {}) as Record<string, TJson>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' ? true : required.has(name) && property.default === undefined,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}

/** `/admin/agents/:id` -> `/api/admin/agents/{id}`. */
export const openApiPath = (url: string) =>
  `/api${url}`.replace(/:(\w+)/g, '{$1}').replace(/\/+$/, '') || '/';

const operationId = (route: TRouteDoc) =>
  `${route.method.toLowerCase()}${route.url
    .split(/[/:.-]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('')}`;

/** The OpenAPI document of every route in the registry (defineRoute records them all). */
export function buildOpenApiDocument(routes: readonly TRouteDoc[], serverUrl: string): TOpenApiDocument {
  const schemas: Record<string, unknown> = { Error: ERROR_SCHEMA };
  const paths: TOpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  for (const route of routes) {
    const id = operationId(route);
    const parameters: TJson[] = [];
    if (route.params) {
      parameters.push(...parametersOf(toJsonSchema(route.params, 'input', `${id}_params`, schemas), 'path'));
    }
    // Path parameters the schema does not describe still have to be declared.
    for (const [, name] of route.url.matchAll(/:(\w+)/g)) {
      if (!parameters.some((p) => p.in === 'path' && p.name === name)) {
        parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
      }
    }
    if (route.querystring) {
      parameters.push(
        ...parametersOf(toJsonSchema(route.querystring, 'input', `${id}_query`, schemas), 'query'),
      );
    }
    const status = String(route.status ?? 200);
    const success: TJson = { description: 'Success' };
    if (route.produces?.length) {
      success.content = Object.fromEntries(
        route.produces.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
      );
    } else if (route.response) {
      success.content = {
        'application/json': { schema: toJsonSchema(route.response, 'output', `${id}_response`, schemas) },
      };
    }
    const error = (description: string) => ({
      description,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    });
    const responses: TJson = { [status]: success, '400': error('Invalid input (message names the rule)') };
    if (route.auth !== 'public') responses['401'] = error('Missing, expired or wrong token');
    if (route.auth === 'super_admin') responses['403'] = error('Only a super_admin may do this');
    if (parameters.some((p) => p.in === 'path')) responses['404'] = error('Not found');
    responses['500'] = error('A fault on the server (logged with the request id)');

    for (const tag of route.tags) tags.add(tag);
    const path = openApiPath(route.url);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      operationId: id,
      summary: route.summary,
      description: [
        route.description,
        route.auth === 'webhook' && route.webhookScheme
          ? WEBHOOK_NOTE[route.webhookScheme]
          : AUTH_NOTE[route.auth],
      ]
        .filter(Boolean)
        .join('\n\n'),
      tags: route.tags,
      'x-auth': route.auth,
      security:
        route.auth === 'webhook' && route.webhookScheme
          ? WEBHOOK_SECURITY[route.webhookScheme]
          : SECURITY[route.auth],
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: {
                'application/json': { schema: toJsonSchema(route.body, 'input', `${id}_body`, schemas) },
              },
            },
          }
        : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'StarLoop API',
      version: '1.0.0',
      description:
        'The REST paths of the product specification (section 7) and the admin back-office. The web app ' +
        'uses the same services through tRPC at /trpc. Errors answer `{ success: false, message, field?, requestId }`.',
    },
    servers: [{ url: serverUrl }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        ownerBearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'Owner token from POST /api/users/login (30 days).',
        },
        adminBearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'Admin token from POST /api/admin/login (12 hours).',
        },
        razorpaySignature: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Razorpay-Signature',
          description: 'HMAC-SHA256 of the raw body with the webhook secret.',
        },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'sl_live_…',
          description: "An owner's API key, created in Settings > Integrations (Professional plan).",
        },
        whatsappSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Hub-Signature-256',
          description: "sha256= and the HMAC-SHA256 of the raw body with StarLoop's Meta app secret.",
        },
        pubsubOidc: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            "Google-signed OIDC token of the push subscription's service account, for GOOGLE_PUBSUB_AUDIENCE.",
        },
      },
    },
  };
}
