import { afterAll, beforeAll } from 'vitest';
import {
  adminGet,
  authCases,
  callProcedure,
  expectAdminOnly,
  expectAdminOnlyProcedures,
  jsonAs,
  type TAuthCases,
  type TProcedureCall,
  type TRouteCall,
} from './admin-auth-cases.ts';
import { startSmtpSink, type TSmtpSink } from './smtp-sink.ts';
import { createTestAdmin, createTestServer, type TTestServer } from './test-server.ts';

type THeaders = Record<string, string>;

export interface TAdminApiOptions {
  /** The server's environment. */
  env?: Record<string, string>;
  /** Start an SMTP sink before the server (its SMTP_URL) and close it after: `api.sink`. */
  smtpSink?: boolean;
  /**
   * Who `auth.admin` is: a plain admin (authCases) by default. With 'super_admin', a super admin
   * made besides it signs in instead; the refused tokens stay authCases' own.
   */
  role?: 'admin' | 'super_admin';
}

const bearerOf = async (server: TTestServer, adminId: number) => ({
  authorization: `Bearer ${(await server.deps.tokens.issue('admin', adminId)).token}`,
});

/**
 * A test server and its signed-in admin for one describe block, so that each admin test file keeps
 * only its own seeding: made in a `beforeAll` registered here (it runs before the block's own hooks)
 * and stopped after the block. Its calls carry the admin's headers.
 */
export function adminApi(options: TAdminApiOptions = {}) {
  let server: TTestServer | undefined;
  let auth: TAuthCases | undefined;
  let sink: TSmtpSink | undefined;
  const ready = () => {
    if (!server || !auth)
      throw new Error('adminApi: the server is made in beforeAll; use it in hooks and tests');
    return { server, auth };
  };

  beforeAll(async () => {
    if (options.smtpSink) sink = await startSmtpSink();
    server = await createTestServer({ ...options.env, ...(sink ? { SMTP_URL: sink.url } : {}) });
    const cases = await authCases(server);
    if (options.role === 'super_admin') {
      const superAdmin = await createTestAdmin(server, { role: 'super_admin' });
      const admin = await bearerOf(server, superAdmin.id);
      auth = { ...cases, adminId: superAdmin.id, adminName: superAdmin.name, admin };
    } else {
      auth = cases;
    }
  });
  afterAll(async () => {
    await server?.stop();
    await sink?.close();
  });

  /** REST and tRPC calls made with `headers` (read when the call is made). */
  const caller = (headers: () => THeaders) => ({
    /** A REST call, with a JSON body when one is given. */
    send: (method: TRouteCall['method'], url: string, body?: unknown) =>
      ready().server.app.inject({
        method,
        url,
        ...(body === undefined ? { headers: headers() } : jsonAs(headers(), body)),
      }),
    query: (path: string, input?: unknown) =>
      callProcedure(ready().server, { path, kind: 'query', input }, headers()),
    mutate: (path: string, input?: unknown) =>
      callProcedure(ready().server, { path, kind: 'mutation', input }, headers()),
  });

  return {
    get server() {
      return ready().server;
    },
    get auth() {
      return ready().auth;
    },
    get db() {
      return ready().server.deps.db;
    },
    get sink() {
      if (!sink) throw new Error('adminApi: no SMTP sink (pass smtpSink: true)');
      return sink;
    },
    /** For adminListContract's `context`. */
    context: () => ready(),
    /** A live bearer header of another admin of this server. */
    bearer: (adminId: number) => bearerOf(ready().server, adminId),
    /** When each session of an admin or an owner was revoked (null while live). */
    sessionsOf(subjectKind: 'admin' | 'owner', subjectId: number) {
      const { db } = ready().server.deps;
      return db
        .selectFrom('authSessions')
        .select('revokedAt')
        .where('subjectKind', '=', subjectKind)
        .where('subjectId', '=', subjectId)
        .execute();
    },
    /** GET as the admin: the status and the JSON body. */
    get: (url: string) => adminGet(ready().server, ready().auth, url),
    /** send, query and mutate as the admin. */
    ...caller(() => ready().auth.admin),
    /**
     * The same calls with other headers: another admin's, an owner's, none. A function is read at
     * each call, for headers made in a `beforeAll`.
     */
    as: (headers: THeaders | (() => THeaders)) =>
      caller(typeof headers === 'function' ? headers : () => headers),
    /** The 401 matrix (expectAdminOnly, then expectAdminOnlyProcedures) over routes and procedures. */
    async expectAdminOnly(routes: TRouteCall[], procedures: TProcedureCall[] = []) {
      const { server, auth } = ready();
      await expectAdminOnly(server, auth, routes);
      await expectAdminOnlyProcedures(server, auth, procedures);
    },
  };
}
