import { describe, expect, it } from 'vitest';
import { useTestDb } from '../test-support.ts';
import { testDriverName } from '../testing.ts';
import { recordWebhookEvent } from './webhook-events.ts';

describe(`webhook events repository on ${testDriverName()}`, () => {
  const handle = useTestDb();

  it('returns true the first time and false for a replay', async () => {
    expect(await recordWebhookEvent(handle.db, 'evt_1', 'payment.captured')).toBe(true);
    expect(await recordWebhookEvent(handle.db, 'evt_1', 'payment.captured')).toBe(false);
    expect(await recordWebhookEvent(handle.db, 'evt_1', 'payment.failed')).toBe(false);
    expect(await recordWebhookEvent(handle.db, 'evt_2', 'payment.captured')).toBe(true);
  });

  it('keeps the first event type and a Date receivedAt', async () => {
    const row = await handle.db
      .selectFrom('webhookEvents')
      .selectAll()
      .where('eventId', '=', 'evt_1')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ eventId: 'evt_1', eventType: 'payment.captured', receivedAt: expect.any(Date) });
  });

  it('lets only one of several concurrent deliveries win', async () => {
    const results = await Promise.all([
      recordWebhookEvent(handle.db, 'evt_race', 'order.paid'),
      recordWebhookEvent(handle.db, 'evt_race', 'order.paid'),
      recordWebhookEvent(handle.db, 'evt_race', 'order.paid'),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    for (const result of results) expect(typeof result).toBe('boolean');
  });

  it('joins a transaction: a rolled-back record is not a replay afterwards', async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        expect(await recordWebhookEvent(trx, 'evt_tx', 'payment.captured')).toBe(true);
        throw new Error('handler failed');
      }),
    ).rejects.toThrow('handler failed');
    expect(await recordWebhookEvent(handle.db, 'evt_tx', 'payment.captured')).toBe(true);
  });
});
