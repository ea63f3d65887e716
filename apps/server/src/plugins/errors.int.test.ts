import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TTestServer } from '../test/test-server.ts';

/** Found by the API fuzz (src/fuzz): every error answer is JSON, labelled as JSON. */
describe(`error answers on ${testDriverName()}`, () => {
  let server: TTestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('labels the errors tRPC gives before any procedure runs as JSON, not text/plain', async () => {
    const refusals = [
      // A mutation without a body or a content type.
      { method: 'POST' as const, url: '/trpc/public.lead.create', status: 415 },
      // A content type tRPC does not read.
      { method: 'POST' as const, url: '/trpc/public.lead.create', type: 'text/plain', status: 415 },
      // A batch that mixes a mutation and a query.
      {
        method: 'GET' as const,
        url: '/trpc/owner.templates.reset,system.info?batch=1&input=%7B%7D',
        status: 400,
      },
    ];
    for (const refusal of refusals) {
      const res = await server.app.inject({
        method: refusal.method,
        url: refusal.url,
        headers: refusal.type ? { 'content-type': refusal.type } : {},
        ...(refusal.type ? { payload: '{}' } : {}),
      });
      expect(res.statusCode, refusal.url).toBe(refusal.status);
      expect(res.headers['content-type'], refusal.url).toMatch(/^application\/json/);
      const body = res.json();
      // A batch is answered per call.
      expect((Array.isArray(body) ? body[0] : body).error.message.length, refusal.url).toBeGreaterThan(0);
    }
  });

  it('refuses a multipart body on /trpc with a 415, never a 500', async () => {
    for (const type of [
      'multipart/form-data; boundary=x',
      'multipart/form-data',
      'Multipart/mixed; boundary=y',
    ]) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/trpc/public.lead.create',
        headers: { 'content-type': type },
        payload: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nRavi\r\n--x--\r\n',
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.json().message, type).toBe('Unsupported Media Type');
    }
    const leads = await server.deps.db.selectFrom('leads').select('id').execute();
    expect(leads).toEqual([]);
  });
});
