import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { TDb } from './client.ts';
import {
  isCheckViolation,
  isDeadlock,
  isForeignKeyViolation,
  isNotNullViolation,
  isRetryableConflict,
  isSerializationFailure,
  isUniqueViolation,
  pgErrorOf,
  uniqueViolationConstraint,
} from './pg-errors.ts';
import { insertAdmin } from './repositories/admins.ts';
import { insertReview } from './repositories/reviews.ts';
import { errorOf, insertTestOwner, useTestDb } from './test-support.ts';
import { testDriverName } from './testing.ts';

/** The real errors of this driver, as the server's services meet them. */
describe(`pg-errors on ${testDriverName()}`, () => {
  const t = useTestDb();
  const db = (): TDb => t.db;

  it('recognises a unique violation by constraint and by column, and names the constraint', async () => {
    const owner = await insertTestOwner(db(), { code: 'taken-code', contactNumber: '9555500001' });
    const codeClash = await errorOf(() => insertTestOwner(db(), { code: 'taken-code' }));
    expect(isUniqueViolation(codeClash)).toBe(true);
    expect(isUniqueViolation(codeClash, 'owners_code_key')).toBe(true);
    expect(isUniqueViolation(codeClash, 'code')).toBe(true);
    expect(isUniqueViolation(codeClash, 'persons_phone_key')).toBe(false);
    expect(isUniqueViolation(codeClash, 'phone')).toBe(false);
    expect(uniqueViolationConstraint(codeClash)).toBe('owners_code_key');
    expect(pgErrorOf(codeClash)).toMatchObject({
      code: '23505',
      table: 'owners',
      constraint: 'owners_code_key',
    });

    // A new customer's owner signs in with the business's number: sign-in phones are unique.
    const phoneClash = await errorOf(() => insertTestOwner(db(), { contactNumber: owner.contactNumber }));
    expect(isUniqueViolation(phoneClash, 'persons_phone_key')).toBe(true);
    expect(isUniqueViolation(phoneClash, 'phone')).toBe(true);
    expect(isUniqueViolation(phoneClash, 'code')).toBe(false);
    expect(isForeignKeyViolation(phoneClash)).toBe(false);
  });

  it('matches a column inside an expression index (lower(email))', async () => {
    await insertAdmin(db(), { name: 'A', email: 'dup@x.in', passwordHash: 'h', role: 'admin' });
    const clash = await errorOf(() =>
      insertAdmin(db(), { name: 'B', email: 'DUP@x.in', passwordHash: 'h', role: 'admin' }),
    );
    expect(isUniqueViolation(clash, 'admins_email_key')).toBe(true);
    expect(isUniqueViolation(clash, 'email')).toBe(true);
    expect(uniqueViolationConstraint(clash)).toBe('admins_email_key');
  });

  it('recognises foreign key, check and not-null violations, and nothing in other errors', async () => {
    const fk = await errorOf(() => insertTestOwner(db(), { agentId: 987_654_321 }));
    expect(isForeignKeyViolation(fk)).toBe(true);
    expect(isForeignKeyViolation(fk, 'owners_agent_id_fkey')).toBe(true);
    expect(isForeignKeyViolation(fk, 'agent_id')).toBe(true);
    expect(isUniqueViolation(fk)).toBe(false);
    expect(uniqueViolationConstraint(fk)).toBeUndefined();

    const owner = await insertTestOwner(db());
    const check = await errorOf(() =>
      db().insertInto('reviews').values({ ownerId: owner.id, rating: 9 }).execute(),
    );
    expect(isCheckViolation(check)).toBe(true);
    expect(isCheckViolation(check, 'reviews_rating_check')).toBe(true);
    expect(isCheckViolation(check, 'reviews_message_check')).toBe(false);

    const notNull = await errorOf(() =>
      db()
        .insertInto('agents')
        .values({ code: 'AG0001', name: 'N', email: 'n@x.in', phone: null as unknown as string })
        .execute(),
    );
    expect(isNotNullViolation(notNull)).toBe(true);
    expect(isNotNullViolation(notNull, 'phone')).toBe(true);
    expect(isNotNullViolation(notNull, 'email')).toBe(false);

    const syntax = await errorOf(() =>
      db()
        .selectFrom('owners')
        .where('nope' as 'id', '=', 1)
        .execute(),
    );
    expect(pgErrorOf(syntax)?.code).toBe('42703');
    expect(isUniqueViolation(syntax)).toBe(false);
    const range = await errorOf(() => insertReview(db(), { ownerId: owner.id, rating: 9 }));
    expect(pgErrorOf(range)).toBeUndefined();
  });

  it('recognises a serialization failure and a deadlock as this driver reports them', async () => {
    // The server's own errors, raised by SQLSTATE: a real conflict needs two connections (PGlite has one).
    const raised = (state: string) =>
      errorOf(() =>
        sql`do $$ begin raise exception 'conflict' using errcode = ${sql.lit(state)}; end $$`.execute(db()),
      );
    const serialization = await raised('40001');
    expect(pgErrorOf(serialization)?.code).toBe('40001');
    expect([isSerializationFailure(serialization), isDeadlock(serialization)]).toEqual([true, false]);
    expect(isRetryableConflict(serialization)).toBe(true);
    const deadlock = await raised('40P01');
    expect([isSerializationFailure(deadlock), isDeadlock(deadlock)]).toEqual([false, true]);
    expect(isRetryableConflict(deadlock)).toBe(true);
    expect(isRetryableConflict(await raised('55P03'))).toBe(false);
  });
});
