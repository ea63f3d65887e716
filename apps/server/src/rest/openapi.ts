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
  owner_or_api_key: [{ ownerBearer: [] }, { apiKey: [] }],
};

const AUTH_NOTE: Record<TRouteAuth, string> = {
  public: 'Anyone may call.',
  owner: 'Owner token (`Authorization: Bearer <authToken>`).',
  admin: 'Admin token (`Authorization: Bearer <adminToken>`).',
  super_admin: 'Admin token of a super_admin.',
  webhook: 'Razorpay webhook: body signed in `X-Razorpay-Signature`.',
  api_key:
    "An owner's API key (`Authorization: Bearer sl_live_…`, Professional plan); it acts for that owner only.",
  owner_or_api_key:
    'Owner token (`Authorization: Bearer <authToken>`; the role of its person must allow the operation) or an ' +
    'API key of the account (`Authorization: Bearer sl_live_…`, Professional plan; it acts as an owner). ' +
    "`X-Business-Id` picks the branch (a branch outside the caller's scope: 403).",
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

/** `#/components/schemas/X` of the document being built, followed (a few hops at most). */
function resolved(schema: TJson, components: Record<string, unknown>): TJson {
  let node = schema;
  for (let hops = 0; typeof node.$ref === 'string' && hops < 10; hops += 1) {
    const target = components[node.$ref.replace(/^#\/components\/schemas\//, '')] as TJson | undefined;
    if (!target) break;
    node = target;
  }
  return node;
}

const COMPOSITIONS = ['allOf', 'anyOf', 'oneOf'] as const;

/**
 * An object schema's properties and required names, with those of its `allOf` members (an
 * intersection) and, as optional, those of its `anyOf`/`oneOf` alternatives.
 */
function flatProperties(
  schemaIn: TJson,
  components: Record<string, unknown>,
): { properties: Record<string, TJson>; required: Set<string> } {
  const schema = resolved(schemaIn, components);
  const properties = { ...((schema.properties ?? {}) as Record<string, TJson>) };
  const required = new Set((schema.required as string[] | undefined) ?? []);
  for (const kind of COMPOSITIONS) {
    for (const member of (schema[kind] as TJson[] | undefined) ?? []) {
      const inner = flatProperties(member, components);
      for (const [name, property] of Object.entries(inner.properties)) properties[name] ??= property;
      if (kind === 'allOf') for (const name of inner.required) required.add(name);
    }
  }
  return { properties, required };
}

/**
 * The schema without `keys` (the path parameters): gone from its properties and required names,
 * and from those of its `allOf`/`anyOf`/`oneOf` members, so the body or the query never asks for
 * what the path gives (the REST adapter takes them from the path). A referenced component that
 * names one of them is inlined without it.
 */
function withoutProperties(schema: TJson, keys: string[], components: Record<string, unknown>): TJson {
  if (keys.length === 0) return schema;
  const target = resolved(schema, components);
  if (target !== schema && !keys.some((key) => key in flatProperties(target, components).properties)) {
    return schema;
  }
  const out: TJson = { ...target };
  if (out.properties) {
    out.properties = Object.fromEntries(
      Object.entries(out.properties as TJson).filter(([name]) => !keys.includes(name)),
    );
  }
  if (Array.isArray(out.required)) {
    const required = (out.required as string[]).filter((name) => !keys.includes(name));
    if (required.length > 0) out.required = required;
    else delete out.required;
  }
  for (const kind of COMPOSITIONS) {
    const members = out[kind] as TJson[] | undefined;
    if (!members) continue;
    const kept = members.map((member) => withoutProperties(member, keys, components));
    // An intersection member that only held the path's fields says nothing any more.
    out[kind] = kind === 'allOf' ? kept.filter((member) => !isEmptyObject(member)) : kept;
    if ((out[kind] as TJson[]).length === 0) delete out[kind];
  }
  if (out.allOf && (out.allOf as TJson[]).length === 1 && Object.keys(out).length === 1) {
    return (out.allOf as TJson[])[0] as TJson;
  }
  return out;
}

/** An object schema that takes no field at all: nothing to document as a body or a query. */
function isEmptyObject(schema: TJson): boolean {
  return (
    schema.type === 'object' &&
    Object.keys((schema.properties ?? {}) as TJson).length === 0 &&
    !COMPOSITIONS.some((kind) => kind in schema) &&
    (schema.additionalProperties === undefined || schema.additionalProperties === false) &&
    schema.propertyNames === undefined &&
    schema.patternProperties === undefined
  );
}

/** Query parameters from an object schema's properties (its allOf members' too). */
function queryParametersOf(schema: TJson, components: Record<string, unknown>): TJson[] {
  const { properties, required } = flatProperties(schema, components);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name) && property.default === undefined,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}

const isJsonType = (type: string) => /^application\/(?:[\w.-]+\+)?json\b/.test(type);

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
    const pathKeys = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
    const params = route.params ? toJsonSchema(route.params, 'input', `${id}_params`, schemas) : undefined;
    const query = route.querystring
      ? toJsonSchema(route.querystring, 'input', `${id}_query`, schemas)
      : undefined;
    const body = route.body ? toJsonSchema(route.body, 'input', `${id}_body`, schemas) : undefined;
    // A path parameter is described once, in the path: by the route's params schema, else by the
    // input field it fills (the REST adapter merges path parameters into the input).
    const parameters: TJson[] = pathKeys.map((name) => {
      const property =
        (params && flatProperties(params, schemas).properties[name]) ??
        (query && flatProperties(query, schemas).properties[name]) ??
        (body && flatProperties(body, schemas).properties[name]) ??
        ({ type: 'string' } as TJson);
      return {
        name,
        in: 'path',
        required: true,
        ...(typeof property.description === 'string' ? { description: property.description } : {}),
        schema: property,
      };
    });
    const documentedQuery = query && withoutProperties(query, pathKeys, schemas);
    if (documentedQuery) parameters.push(...queryParametersOf(documentedQuery, schemas));
    const documentedBody = body && withoutProperties(body, pathKeys, schemas);
    const requestBody =
      documentedBody && !isEmptyObject(documentedBody)
        ? {
            required: true,
            content: { 'application/json': { schema: documentedBody } },
          }
        : undefined;
    const status = String(route.status ?? 200);
    const success: TJson = { description: 'Success' };
    const answer = route.response
      ? toJsonSchema(route.response, 'output', `${id}_response`, schemas)
      : undefined;
    if (route.produces?.length) {
      // A JSON answer among the file or page types is described by the route's response schema.
      success.content = Object.fromEntries(
        route.produces.map((type) => [
          type,
          {
            schema: isJsonType(type)
              ? (answer ?? { description: 'JSON whose shape the route does not declare' })
              : { type: 'string', format: 'binary' },
          },
        ]),
      );
    } else if (answer) {
      success.content = { 'application/json': { schema: answer } };
    }
    const error = (description: string) => ({
      description,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    });
    const responses: TJson = { [status]: success, '400': error('Invalid input (message names the rule)') };
    // A page that takes input (a link opened from a mail) refuses it with a page to a browser.
    if (route.produces?.includes('text/html') && (route.querystring || route.body)) {
      responses['400'] = {
        description:
          'Invalid input (message names the rule); a browser (`Accept: text/html`) gets the message as a page',
        content: {
          'application/json': { schema: { $ref: '#/components/schemas/Error' } },
          'text/html': { schema: { type: 'string' } },
        },
      };
    }
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
      ...(requestBody ? { requestBody } : {}),
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
