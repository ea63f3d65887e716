import { createServer, type Server } from 'node:net';
import { listEmails } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCases, type TAuthCases } from '../../../test/admin-auth-cases.ts';
import { createTestServer, json, type TTestServer } from '../../../test/test-server.ts';

/** Onboarding answers without waiting on SMTP: its mail is queued for the mail worker. */
describe(`onboarding with a mail server that never answers on ${testDriverName()}`, () => {
  let silentSmtp: Server;
  let server: TTestServer;
  let auth: TAuthCases;

  beforeAll(async () => {
    // Accepts connections and says nothing: a delivery attempt would wait for minutes.
    silentSmtp = createServer(() => {});
    await new Promise<void>((resolve) => silentSmtp.listen(0, '127.0.0.1', resolve));
    const { port } = silentSmtp.address() as { port: number };
    server = await createTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    auth = await authCases(server);
  });
  afterAll(async () => {
    await server?.stop();
    silentSmtp?.close();
  });

  it('creates the owners and answers, with the set-password mail queued, not sent', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/admin/onboard',
      headers: { ...auth.admin, ...json({}).headers },
      payload: JSON.stringify({
        branches: [
          {
            name: 'Quick Owner',
            contactNumber: '7011122233',
            businessName: 'Quick Cafe',
            code: 'quick-cafe',
            reviewLink: 'https://g.page/r/quick/review',
            state: 'Maharashtra',
            city: 'Pune',
            subscriptionDuration: 1,
          },
        ],
        payment: {
          amount: 1500,
          paymentMethod: 'cash',
          email: 'quick@example.com',
          notes: 'Paid at the counter',
        },
      }),
    });
    expect(res.statusCode).toBe(201);
    const mails = await listEmails(server.deps.db, { to: 'quick@example.com' });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.status).toBe('queued');
  });
});
