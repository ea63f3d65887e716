import { describe, expect, it } from 'vitest';
import { useTestDb, useTestOwner } from '../test-support.ts';
import { testDriverName } from '../testing.ts';
import { listReplyTemplates, upsertReplyTemplate } from './reply-templates.ts';

describe(`reply templates repository on ${testDriverName()}`, () => {
  const handle = useTestDb();
  const owner = useTestOwner(handle);
  const other = useTestOwner(handle);

  it('lists nothing for an owner without templates', async () => {
    expect(await listReplyTemplates(handle.db, owner.id)).toEqual([]);
  });

  it('inserts templates and lists them by sentiment with Date timestamps', async () => {
    await upsertReplyTemplate(handle.db, owner.id, 'positive', 'Thanks {name}!');
    await upsertReplyTemplate(handle.db, owner.id, 'negative', 'Sorry to hear that.');
    await upsertReplyTemplate(handle.db, owner.id, 'neutral', 'Thanks for the feedback.');
    const rows = await listReplyTemplates(handle.db, owner.id);
    expect(rows).toEqual([
      { sentiment: 'negative', body: 'Sorry to hear that.', updatedAt: expect.any(Date) },
      { sentiment: 'neutral', body: 'Thanks for the feedback.', updatedAt: expect.any(Date) },
      { sentiment: 'positive', body: 'Thanks {name}!', updatedAt: expect.any(Date) },
    ]);
  });

  it('replaces the body on a second upsert and bumps updatedAt, keeping one row', async () => {
    const before = (await listReplyTemplates(handle.db, owner.id)).find((r) => r.sentiment === 'positive')!;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await upsertReplyTemplate(handle.db, owner.id, 'positive', 'Much obliged!');
    const rows = await listReplyTemplates(handle.db, owner.id);
    expect(rows).toHaveLength(3);
    const after = rows.find((r) => r.sentiment === 'positive')!;
    expect(after.body).toBe('Much obliged!');
    expect(after.updatedAt).toBeInstanceOf(Date);
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    expect(rows.find((r) => r.sentiment === 'negative')!.body).toBe('Sorry to hear that.');
  });

  it('keeps owners apart', async () => {
    await upsertReplyTemplate(handle.db, other.id, 'positive', 'Other owner');
    expect(await listReplyTemplates(handle.db, other.id)).toEqual([
      { sentiment: 'positive', body: 'Other owner', updatedAt: expect.any(Date) },
    ]);
    expect(
      (await listReplyTemplates(handle.db, owner.id)).find((r) => r.sentiment === 'positive')!.body,
    ).toBe('Much obliged!');
  });

  it('rejects an unknown sentiment, an over-long body and an unknown owner', async () => {
    await expect(upsertReplyTemplate(handle.db, owner.id, 'angry' as never, 'x')).rejects.toMatchObject({
      code: '23514',
    });
    await expect(upsertReplyTemplate(handle.db, owner.id, 'neutral', 'x'.repeat(2001))).rejects.toMatchObject(
      {
        code: '23514',
      },
    );
    await expect(upsertReplyTemplate(handle.db, 987_654_321, 'neutral', 'x')).rejects.toMatchObject({
      code: '23503',
    });
    expect((await listReplyTemplates(handle.db, owner.id)).find((r) => r.sentiment === 'neutral')!.body).toBe(
      'Thanks for the feedback.',
    );
  });
});
