import { CASE_TEXTS, ZCase } from '@starloop/contract';
import { findOwnerById, type TGoogleConnection } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createChain, type TChain } from '../../test/accounts-kit.ts';
import { addressSequence, expectRestError, postJson } from '../../test/client-kit.ts';
import { bearer } from '../../test/requests-kit.ts';
import { createTestServer, type TTestServer } from '../../test/test-server.ts';
import { startWebhookReceiver, type TWebhookReceiver } from '../../test/webhook-receiver.ts';
import { upsertGoogleReviews } from '../google/google-review-import.service.ts';
import { storeReviews } from '../public/review/review-writer.service.ts';
import { CASE_SUBSCRIBERS_CACHE_MS, cachedSubscriberLoader } from './case-webhook.events.ts';

const freshIp = addressSequence('10.35');

/*
 * Outbound webhooks of feedback cases (issue 33 item 8): case.created in the transaction that opens
 * the case (QR and Google), case.resolved when owner.cases.update resolves one; the payload is the
 * case as GET /api/v1/cases/{id} answers it.
 */
describe(`case webhooks on ${testDriverName()}`, () => {
  let server: TTestServer;
  let receiver: TWebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    server = await createTestServer({ OUTBOUND_WEBHOOKS_ALLOW_LOCAL: 'on' });
  });
  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
  });

  const db = () => server.deps.db;
  const api = (method: 'GET' | 'PATCH', url: string, token: string, payload?: unknown) =>
    server.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...bearer(token), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
  /** A Professional chain whose first branch has an endpoint for `events`. */
  async function chainWithEndpoint(events: string[]): Promise<TChain> {
    const chain = await createChain(server, { branches: 2, name: 'Hooked Cafe' });
    const res = await server.app.inject({
      method: 'POST',
      url: '/trpc/owner.integrations.webhooks.create',
      headers: {
        ...bearer(chain.ownerToken),
        'x-business-id': String(chain.first.id),
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ url: receiver.url, events }),
    });
    expect(res.statusCode, res.body).toBe(200);
    return chain;
  }
  const submit = async (code: string, rating: number, message: string) => {
    const res = await postJson(server, '/api/reviews/', { code, rating, message }, freshIp());
    expect(res.statusCode, res.body).toBe(201);
    return Number(res.json().id);
  };
  const deliveriesOf = (ownerId: number) =>
    db().selectFrom('webhookDeliveries').selectAll().where('ownerId', '=', ownerId).orderBy('id').execute();
  const caseOfReview = async (reviewId: number) =>
    Number(
      (await db().selectFrom('cases').select('id').where('reviewId', '=', reviewId).executeTakeFirstOrThrow())
        .id,
    );
  /** The case as the API answers it (its ZCase fields: no timeline, contact or reach). */
  const answered = async (token: string, id: number) =>
    ZCase.parse((await api('GET', `/cases/${id}`, token)).json());
  const payloadOf = (delivery: { payload: unknown }) =>
    (typeof delivery.payload === 'string' ? JSON.parse(delivery.payload) : delivery.payload) as {
      type: string;
      data: unknown;
    };

  it('case.created for a new low review, delivered with the case as the API answers it', async () => {
    const chain = await chainWithEndpoint(['case.created']);
    await submit(chain.first.code, 5, 'Lovely'); // no case, no event
    const reviewId = await submit(chain.first.code, 2, 'The AC was not working');
    await submit(chain.branches[1]!.code, 1, 'Another branch, no endpoint');
    const caseId = await caseOfReview(reviewId);

    await receiver.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received).toHaveLength(1);
    const body = JSON.parse(receiver.received[0]!.body);
    expect(receiver.received[0]!.headers['x-starloop-event']).toBe('case.created');
    expect(body).toMatchObject({ type: 'case.created', id: expect.stringMatching(/^evt_/) });
    expect(ZCase.parse(body.data)).toEqual(await answered(chain.ownerToken, caseId));
    expect(body.data).toMatchObject({ reviewId, googleReviewId: null, rating: 2, status: 'new' });
    expect((await deliveriesOf(chain.first.id)).map((d) => d.eventType)).toEqual(['case.created']);
    expect(await deliveriesOf(chain.branches[1]!.id)).toEqual([]);
  });

  it('case.created exists only if the case does: a review transaction that fails leaves neither', async () => {
    const chain = await chainWithEndpoint(['case.created']);
    const owner = (await findOwnerById(db(), chain.first.id))!;
    const failed = await db()
      .transaction()
      .execute(async (trx) => {
        await storeReviews(server.deps, trx, [{ owner, rating: 1, message: 'Never served' }]);
        // The event was written in this transaction...
        const inside = await trx
          .selectFrom('webhookDeliveries')
          .select('id')
          .where('ownerId', '=', owner.id)
          .execute();
        expect(inside).toHaveLength(1);
        throw new Error('the batch failed after the listeners');
      })
      .catch((error: Error) => error.message);
    expect(failed).toBe('the batch failed after the listeners');
    // ...and went with it.
    expect(await db().selectFrom('cases').select('id').where('ownerId', '=', owner.id).execute()).toEqual([]);
    expect(await deliveriesOf(owner.id)).toEqual([]);
  });

  it('case.resolved when a case is resolved through owner.cases.update, and on no other change', async () => {
    const chain = await chainWithEndpoint(['case.resolved']);
    const caseId = await caseOfReview(await submit(chain.first.code, 3, 'Bill was wrong'));
    expect(
      (await api('PATCH', `/cases/${caseId}`, chain.ownerToken, { status: 'in_progress' })).statusCode,
    ).toBe(200);
    expectRestError(
      await api('PATCH', `/cases/${caseId}`, chain.ownerToken, { status: 'resolved' }),
      400,
      CASE_TEXTS.outcomeRequired,
      'outcome',
    );
    expect(await deliveriesOf(chain.first.id)).toEqual([]);

    const resolved = await api('PATCH', `/cases/${caseId}`, chain.ownerToken, {
      status: 'resolved',
      outcome: 'recovered',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const deliveries = await deliveriesOf(chain.first.id);
    expect(deliveries.map((d) => d.eventType)).toEqual(['case.resolved']);
    const payload = payloadOf(deliveries[0]!);
    expect(ZCase.parse(payload.data)).toEqual(await answered(chain.ownerToken, caseId));
    expect(payload.data).toMatchObject({
      status: 'resolved',
      outcome: 'recovered',
      resolvedAt: expect.any(String),
    });
    await receiver.waitFor(1);
    expect(JSON.parse(receiver.received[0]!.body).type).toBe('case.resolved');

    // A changed outcome is not a new resolution; reopening and resolving again is.
    await api('PATCH', `/cases/${caseId}`, chain.ownerToken, { outcome: 'no_reply' });
    expect(await deliveriesOf(chain.first.id)).toHaveLength(1);
    await api('PATCH', `/cases/${caseId}`, chain.ownerToken, { status: 'reopened' });
    await api('PATCH', `/cases/${caseId}`, chain.ownerToken, {
      status: 'resolved',
      outcome: 'not_recovered',
    });
    const again = await deliveriesOf(chain.first.id);
    expect(again.map((d) => d.eventType)).toEqual(['case.resolved', 'case.resolved']);
    expect(payloadOf(again[1]!).data).toMatchObject({ outcome: 'not_recovered' });

    // A bulk resolve is PATCH's change case by case: each resolved case is told, a refused one not.
    const second = await caseOfReview(await submit(chain.first.code, 1, 'Cold coffee'));
    const third = await caseOfReview(await submit(chain.first.code, 2, 'No napkins'));
    await api('PATCH', `/cases/${second}`, chain.ownerToken, { status: 'in_progress' });
    const bulk = await server.app.inject({
      method: 'POST',
      url: '/api/v1/cases/bulk',
      headers: { ...bearer(chain.ownerToken), 'content-type': 'application/json' },
      payload: JSON.stringify({ ids: [second, third], status: 'resolved', outcome: 'no_reply' }),
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().results.map((r: { ok: boolean }) => r.ok)).toEqual([true, false]);
    const afterBulk = (await deliveriesOf(chain.first.id)).slice(2);
    expect(afterBulk.map((d) => [d.eventType, (payloadOf(d).data as { id: number }).id])).toEqual([
      ['case.resolved', second],
    ]);
  });

  it("a Google review's case is told too; an endpoint without the case events hears nothing of cases", async () => {
    const chain = await chainWithEndpoint(['case.created']);
    const connection = { ownerId: chain.first.id, replyRules: null } as unknown as TGoogleConnection;
    const outcome = await upsertGoogleReviews(
      server.deps,
      connection,
      [
        {
          name: `accounts/9/locations/9/reviews/hook-${Date.now()}`,
          starRating: 'ONE',
          comment: 'Never again',
          createTime: new Date().toISOString(),
          updateTime: new Date().toISOString(),
        },
      ],
      { history: false },
    );
    expect(outcome.casesOpened).toBe(1);
    const [delivery] = await deliveriesOf(chain.first.id);
    expect(delivery?.eventType).toBe('case.created');
    expect(payloadOf(delivery!).data).toMatchObject({ reviewId: null, rating: 1, message: 'Never again' });

    const quiet = await chainWithEndpoint(['review.created', 'request.clicked']);
    const caseId = await caseOfReview(await submit(quiet.first.code, 1, 'Cold tea'));
    await api('PATCH', `/cases/${caseId}`, quiet.ownerToken, { status: 'in_progress' });
    await api('PATCH', `/cases/${caseId}`, quiet.ownerToken, { status: 'resolved', outcome: 'no_reply' });
    expect(await deliveriesOf(quiet.first.id)).toEqual([]);
  });

  it('the review writer remembers who is subscribed for a minute, then reads it again', async () => {
    const chain = await createChain(server, { branches: 1, name: 'Late Hook' });
    let at = 5_000_000;
    const load = cachedSubscriberLoader(() => at);
    expect([...(await load(db(), [chain.first.id], 'case.created'))]).toEqual([]);
    await db()
      .insertInto('webhookEndpoints')
      .values({
        ownerId: chain.first.id,
        url: receiver.url,
        events: JSON.stringify(['case.created']),
        sealedSecret: 'sealed',
      })
      .execute();
    at += CASE_SUBSCRIBERS_CACHE_MS - 1;
    expect([...(await load(db(), [chain.first.id], 'case.created'))]).toEqual([]);
    at += 1;
    expect([...(await load(db(), [chain.first.id], 'case.created'))]).toEqual([chain.first.id]);
    expect([...(await load(db(), [chain.first.id], 'case.resolved'))]).toEqual([]);
  });
});
