import { describe, expect, it } from 'vitest';
import { useTestDb } from '../test-support.ts';
import { testDriverName } from '../testing.ts';
import {
  findCurrentCodeOf,
  isFormerCodeOfAnother,
  listFormerCodes,
  moveBusinessCode,
} from './business-codes.ts';
import { insertOwner, isBusinessCodeTaken, updateOwner } from './owners.ts';

let seq = 0;
const newOwner = (db: Parameters<typeof insertOwner>[0]) => {
  seq += 1;
  return insertOwner(db, {
    name: `Owner ${seq}`,
    businessName: `Business ${seq}`,
    contactNumber: `91000${String(seq).padStart(5, '0')}`,
    code: `codes-${seq}`,
    registrationSource: 'website',
  });
};

describe(`former business codes on ${testDriverName()}`, () => {
  const handle = useTestDb();
  const at = new Date('2026-11-28T10:00:00Z');

  const move = async (owner: { id: number; code: string }, to: string) => {
    await moveBusinessCode(handle.db, { ownerId: owner.id, from: owner.code, to, by: 'owner', at });
    const row = await updateOwner(handle.db, owner.id, { code: to });
    return row!;
  };

  it('keeps the old code pointing at the current one, reserved against others', async () => {
    const a = await newOwner(handle.db);
    const b = await newOwner(handle.db);
    const first = a.code;
    const moved = await move(a, `${first}-two`);
    expect(await findCurrentCodeOf(handle.db, first)).toBe(`${first}-two`);
    expect(await findCurrentCodeOf(handle.db, ` ${first.toUpperCase()} `)).toBe(`${first}-two`);
    expect(await findCurrentCodeOf(handle.db, 'never-used-code')).toBeUndefined();
    // Reserved for a, not for b.
    expect(await isBusinessCodeTaken(handle.db, first, b.id)).toBe(true);
    expect(await isBusinessCodeTaken(handle.db, first)).toBe(true);
    expect(await isBusinessCodeTaken(handle.db, first, a.id)).toBe(false);
    expect(await isFormerCodeOfAnother(handle.db, first, b.id)).toBe(true);
    // A second move: both former codes lead to the newest.
    const third = await move(moved, `${first}-three`);
    expect(await findCurrentCodeOf(handle.db, first)).toBe(third.code);
    expect(await findCurrentCodeOf(handle.db, `${first}-two`)).toBe(third.code);
    // Taking an old code back removes it from the former codes and retires the one left.
    const back = await move(third, first);
    expect(back.code).toBe(first);
    expect((await listFormerCodes(handle.db, a.id)).map((c) => c.code).sort()).toEqual(
      [`${first}-three`, `${first}-two`].sort(),
    );
    expect(await findCurrentCodeOf(handle.db, `${first}-three`)).toBe(first);
  });

  it('refuses a second business for the same former code, and moves nothing for the same code', async () => {
    const a = await newOwner(handle.db);
    const b = await newOwner(handle.db);
    expect(
      await moveBusinessCode(handle.db, { ownerId: a.id, from: a.code, to: a.code, by: 'admin', at }),
    ).toBe(false);
    expect(await listFormerCodes(handle.db, a.id)).toEqual([]);
    await move(a, `${a.code}-new`);
    await expect(
      moveBusinessCode(handle.db, { ownerId: b.id, from: a.code, to: 'anything-else', by: 'admin', at }),
    ).rejects.toMatchObject({ code: '23505' });
  });

  it('goes with its business when the business is purged', async () => {
    const a = await newOwner(handle.db);
    await move(a, `${a.code}-gone`);
    await handle.db.deleteFrom('owners').where('id', '=', a.id).execute();
    expect(await findCurrentCodeOf(handle.db, a.code)).toBeUndefined();
    expect(await isBusinessCodeTaken(handle.db, a.code)).toBe(false);
  });
});
