import type { TOwnerPublic } from '@starloop/db';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TDeliveryEvent } from '../domains/owner/requests/channels/channel.types.ts';
import type { TChannelEventSink } from '../domains/owner/requests/channels/channel-events.service.ts';
import { callProcedure } from './admin-auth-cases.ts';
import { createTestOwner, issueOwnerToken, type TTestServer } from './test-server.ts';

/**
 * Helpers of the review request tests: an owner signed in, its procedures, file uploads, and
 * waiting for the workers.
 */

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A procedure's data (asserting a 200). */
// biome-ignore lint/suspicious/noExplicitAny: the answer's JSON; each test reads its own fields.
export function procedureData<T = any>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.data;
}

/** Calls a procedure as this owner, with a token issued now. */
export async function ownerCall(
  server: TTestServer,
  ownerId: number,
  call: { path: string; kind: 'query' | 'mutation'; input?: unknown },
): Promise<LightMyRequestResponse> {
  return callProcedure(server, call, bearer((await issueOwnerToken(server, ownerId)).token));
}

/** owner.channels.update as this owner (the channel tests' settings). */
export const updateChannel = (server: TTestServer, ownerId: number, input: Record<string, unknown>) =>
  ownerCall(server, ownerId, { path: 'owner.channels.update', kind: 'mutation', input });

/** A recording stand-in for the requests service (recordDeliveryEvent, optOutContact). */
export function recordingSink() {
  const events: TDeliveryEvent[] = [];
  const optOuts: Parameters<TChannelEventSink['optOutContact']>[1][] = [];
  const sink: TChannelEventSink = {
    recordDeliveryEvent: async (_deps, event) => {
      events.push(event);
    },
    optOutContact: async (_deps, input) => {
      optOuts.push(input);
    },
  };
  return { sink, events, optOuts };
}

export interface TOwnerClient {
  owner: TOwnerPublic & { password: string };
  auth: Record<string, string>;
  query(path: string, input?: unknown): Promise<LightMyRequestResponse>;
  mutate(path: string, input?: unknown): Promise<LightMyRequestResponse>;
  /** The procedure's data (asserting a 200). */
  // biome-ignore lint/suspicious/noExplicitAny: the answer's JSON; each test reads its own fields.
  data<T = any>(res: LightMyRequestResponse): T;
  upload(
    file: Buffer | string,
    params?: Record<string, string>,
    contentType?: string,
  ): Promise<LightMyRequestResponse>;
  /** A fresh token at the server's clock (tests that move the clock past a token's life). */
  signIn(): Promise<void>;
}

export async function ownerClient(
  server: TTestServer,
  overrides: Parameters<typeof createTestOwner>[1] = {},
): Promise<TOwnerClient> {
  const owner = await createTestOwner(server, overrides);
  const auth = bearer((await issueOwnerToken(server, owner.id)).token);
  return {
    owner,
    auth,
    query: (path, input) => callProcedure(server, { path, kind: 'query', input }, auth),
    mutate: (path, input) => callProcedure(server, { path, kind: 'mutation', input }, auth),
    data: procedureData,
    async signIn() {
      Object.assign(auth, bearer((await issueOwnerToken(server, owner.id)).token));
    },
    upload(file, params = {}, contentType = 'text/csv') {
      const query = new URLSearchParams(params).toString();
      return server.app.inject({
        method: 'POST',
        url: `/api/requests/contacts/import${query ? `?${query}` : ''}`,
        headers: { ...auth, 'content-type': contentType },
        payload: typeof file === 'string' ? Buffer.from(file, 'utf8') : file,
      });
    },
  };
}

export const trpcError = (res: LightMyRequestResponse, status: number, message?: string) => {
  expect(res.statusCode, res.body).toBe(status);
  if (message !== undefined) expect(res.json().error.message).toBe(message);
  return res.json().error as { message: string; data: { field: string | null } };
};

/** Uploads a file and commits it chunk by chunk, as the screen does; answers every progress. */
export async function importFile(
  client: TOwnerClient,
  file: Buffer | string,
  params: Record<string, string> = { consent: 'yes' },
  contentType?: string,
) {
  const res = await client.upload(file, params, contentType);
  expect(res.statusCode, res.body).toBe(200);
  const preview = res.json();
  // biome-ignore lint/suspicious/noExplicitAny: the answers' JSON, as above.
  const steps: any[] = [];
  for (let i = 0; i < 20; i += 1) {
    const progress = client.data(
      await client.mutate('owner.requests.commitImport', { importId: preview.importId }),
    );
    steps.push(progress);
    if (progress.done) break;
  }
  return { preview, steps, last: steps.at(-1) };
}

/** A CSV of `n` customers with Indian mobiles and emails, all consenting. */
export function customersCsv(n: number, options: { prefix?: string; start?: number } = {}): string {
  const lines = ['Name,Mobile,Email,Consent'];
  const start = options.start ?? 0;
  for (let i = start; i < start + n; i += 1) {
    lines.push(`Customer ${i},${mobile(i)},${options.prefix ?? 'c'}${i}@example.in,yes`);
  }
  return `${lines.join('\n')}\n`;
}

/** A valid Indian mobile number for `i` (98xxxxxxxx). */
export const mobile = (i: number) => `98${String(i).padStart(8, '0')}`;
export const e164 = (i: number) => `+91${mobile(i)}`;

export async function xlsxOf(rows: (string | number | Date | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Customers');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Polls until `check` holds (the job workers run in the background). */
export async function waitFor(check: () => Promise<boolean>, limitMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The deliveries of an owner's requests. */
export async function deliveriesOf(server: TTestServer, ownerId: number) {
  return server.deps.db
    .selectFrom('requestDeliveries')
    .innerJoin('reviewRequests', 'reviewRequests.id', 'requestDeliveries.requestId')
    .selectAll('requestDeliveries')
    .where('reviewRequests.ownerId', '=', ownerId)
    .orderBy('requestDeliveries.id')
    .execute();
}

/** Waits until none of the owner's deliveries is still queued. */
export async function settled(server: TTestServer, ownerId: number, count?: number) {
  await waitFor(async () => {
    const rows = await deliveriesOf(server, ownerId);
    return (count === undefined || rows.length >= count) && rows.every((d) => d.status !== 'queued');
  });
  return deliveriesOf(server, ownerId);
}

export async function requestsOf(server: TTestServer, ownerId: number) {
  return server.deps.db
    .selectFrom('reviewRequests')
    .selectAll()
    .where('ownerId', '=', ownerId)
    .orderBy('id')
    .execute();
}
