import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TTestServer } from './test-server.ts';

/**
 * Helpers of the tests that play a browser or a provider calling the server: client addresses,
 * JSON posts, the REST error shape and the sessions a sign-in left.
 */

/**
 * Client addresses `<prefix>.0.2`, `<prefix>.0.3`, …: a test server trusts loopback as its proxy,
 * so X-Forwarded-For names the client, and a fresh address keeps one test's per-address limits
 * from spilling into another's. Each file takes its own prefix.
 */
export function addressSequence(prefix: string): () => string {
  let count = 0;
  return () => {
    count += 1;
    return `${prefix}.${Math.floor(count / 250)}.${(count % 250) + 1}`;
  };
}

/** POSTs `body` as JSON (a string is sent as it is: raw or broken bodies) from the client at `ip`. */
export function postJson(
  server: TTestServer,
  url: string,
  body: unknown,
  ip: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The REST error shape: JSON with a message for people, the request id and, if given, the field at fault. */
export function expectRestError(
  res: LightMyRequestResponse,
  status: number,
  message: string,
  field?: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(body).toMatchObject({ success: false, message, requestId: expect.any(String) });
  if (field !== undefined) expect(body.field).toBe(field);
}

/** An owner's sign-in sessions (live, expired and revoked). */
export function ownerSessions(server: TTestServer, ownerId: number) {
  return server.deps.db
    .selectFrom('authSessions')
    .selectAll()
    .where('subjectKind', '=', 'owner')
    .where('subjectId', '=', ownerId)
    .execute();
}
