import { expect } from 'vitest';
import { createTokenService } from '../auth/tokens.ts';
import { createTestAdmin, createTestOwner, issueOwnerToken, type TTestServer } from './test-server.ts';

export interface TAuthCases {
  adminId: number;
  adminName: string;
  /** A live admin bearer header. */
  admin: { authorization: string };
  /** Tokens every admin route must refuse with 401. */
  rejected: Record<'none' | 'expired' | 'tampered' | 'owner' | 'garbage', Record<string, string>>;
}

/** An admin's header plus the tokens an admin route must refuse. */
export async function authCases(server: TTestServer): Promise<TAuthCases> {
  const admin = await createTestAdmin(server, { role: 'admin' });
  const { token } = await server.deps.tokens.issue('admin', admin.id);
  // Issued 13 hours ago by the same secret: past the 12-hour admin lifetime.
  const pastClock = () => new Date(Date.now() - 13 * 60 * 60 * 1000);
  const expired = await createTokenService(server.deps.db, server.config.tokenSecret, pastClock).issue(
    'admin',
    admin.id,
  );
  // Change a character in the middle of the signature (the last one carries padding bits only).
  const [head, body, signature] = token.split('.');
  const flipped = signature![10] === 'A' ? 'B' : 'A';
  const tampered = `${head}.${body}.${signature!.slice(0, 10)}${flipped}${signature!.slice(11)}`;
  const owner = await createTestOwner(server);
  const ownerToken = (await issueOwnerToken(server, owner.id)).token;
  return {
    adminId: admin.id,
    adminName: admin.name,
    admin: { authorization: `Bearer ${token}` },
    rejected: {
      none: {},
      expired: { authorization: `Bearer ${expired.token}` },
      tampered: { authorization: `Bearer ${tampered}` },
      owner: { authorization: `Bearer ${ownerToken}` },
      garbage: { authorization: 'Bearer not-a-token' },
    },
  };
}

export interface TRouteCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
}

/** Every call answers 401 with the sign-in message for every refused token, and changes nothing. */
export async function expectAdminOnly(server: TTestServer, cases: TAuthCases, calls: TRouteCall[]) {
  for (const call of calls) {
    for (const [name, headers] of Object.entries(cases.rejected)) {
      const res = await server.app.inject({
        method: call.method,
        url: call.url,
        headers: { ...headers, ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(call.body !== undefined ? { payload: JSON.stringify(call.body) } : {}),
      });
      expect(res.statusCode, `${call.method} ${call.url} with ${name} token`).toBe(401);
      expect(res.json().message, `${call.method} ${call.url} with ${name} token`).toBe(
        'Please sign in again.',
      );
    }
  }
}

export interface TProcedureCall {
  path: string;
  kind: 'query' | 'mutation';
  input?: unknown;
}

/** A tRPC call over HTTP, as the web app makes it. */
export function callProcedure(
  server: TTestServer,
  call: TProcedureCall,
  headers: Record<string, string> = {},
) {
  if (call.kind === 'query') {
    const query = call.input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(call.input))}`;
    return server.app.inject({ method: 'GET', url: `/trpc/${call.path}${query}`, headers });
  }
  return server.app.inject({
    method: 'POST',
    url: `/trpc/${call.path}`,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(call.input ?? {}),
  });
}

/** Every procedure answers 401 (UNAUTHORIZED) for every refused token. */
export async function expectAdminOnlyProcedures(
  server: TTestServer,
  cases: TAuthCases,
  calls: TProcedureCall[],
) {
  for (const call of calls) {
    for (const [name, headers] of Object.entries(cases.rejected)) {
      const res = await callProcedure(server, call, headers);
      expect(res.statusCode, `${call.path} with ${name} token`).toBe(401);
      expect(res.json().error.data.code).toBe('UNAUTHORIZED');
    }
  }
}

/** GET as the live admin of `cases`: the status and the JSON body. */
export async function adminGet(server: TTestServer, cases: TAuthCases, url: string) {
  const res = await server.app.inject({ method: 'GET', url, headers: cases.admin });
  return { status: res.statusCode, body: res.json() };
}

/** A JSON body with the given (e.g. bearer) headers kept. */
export const jsonAs = (headers: Record<string, string>, body: unknown) => ({
  headers: { ...headers, 'content-type': 'application/json' },
  payload: JSON.stringify(body),
});
