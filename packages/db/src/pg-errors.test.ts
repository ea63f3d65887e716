import { describe, expect, it } from 'vitest';
import {
  isDatabaseTimeout,
  isDatabaseUnavailable,
  isDeadlock,
  isRetryableConflict,
  isSerializationFailure,
  isUniqueViolation,
  pgErrorOf,
  uniqueViolationConstraint,
} from './pg-errors.ts';

describe('pg-errors on plain values', () => {
  it('finds nothing in values that are not database errors', () => {
    for (const value of [undefined, null, 'boom', 23505, new Error('boom'), { code: undefined }]) {
      expect(pgErrorOf(value)).toBeUndefined();
      expect(isUniqueViolation(value)).toBe(false);
      expect(uniqueViolationConstraint(value)).toBeUndefined();
    }
  });

  it('reads the constraint from the message when the driver gives no constraint field', () => {
    const bare = {
      code: '23505',
      message: 'duplicate key value violates unique constraint "owners_code_key"',
    };
    expect(isUniqueViolation(bare, 'owners_code_key')).toBe(true);
    expect(uniqueViolationConstraint(bare)).toBe('owners_code_key');
    expect(uniqueViolationConstraint({ code: '23505' })).toBe('');
    expect(isUniqueViolation({ code: '23505' }, 'owners_code_key')).toBe(false);
  });
});

describe('an unavailable database', () => {
  it('is recognised by SQLSTATE, socket code, driver message or cause', () => {
    const unavailable = [
      { code: '57P01', message: 'terminating connection due to administrator command' },
      { code: '57P03', message: 'the database system is starting up' },
      { code: '08006', message: 'connection failure' },
      { code: '53300', message: 'sorry, too many clients already' },
      { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' },
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      { code: '55000', message: 'database "x" is not currently accepting connections' },
      new Error('wrapped', { cause: { code: 'ECONNRESET' } }),
      Object.assign(new Error('all addresses failed'), { errors: [{ code: 'ECONNREFUSED' }] }),
    ];
    for (const error of unavailable) expect(isDatabaseUnavailable(error), JSON.stringify(error)).toBe(true);
  });

  it('is not a request error, a constraint or a plain bug', () => {
    for (const error of [
      { code: '23505', message: 'duplicate key' },
      { code: '22P02', message: 'invalid input syntax' },
      new Error('boom'),
      null,
      'ECONNREFUSED',
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });

  it('tells statement and lock timeouts apart', () => {
    expect(
      isDatabaseTimeout({ code: '57014', message: 'canceling statement due to statement timeout' }),
    ).toBe(true);
    expect(isDatabaseTimeout({ code: '55P03', message: 'canceling statement due to lock timeout' })).toBe(
      true,
    );
    expect(isDatabaseTimeout({ code: '57P01', message: 'terminating' })).toBe(false);
  });
});

describe('a conflict worth running the transaction again', () => {
  const serialization = {
    code: '40001',
    message: 'could not serialize access due to concurrent update',
  };
  const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });

  it('is a serialization failure or a deadlock, from either driver', () => {
    expect([isSerializationFailure(serialization), isDeadlock(serialization)]).toEqual([true, false]);
    expect([isSerializationFailure(deadlock), isDeadlock(deadlock)]).toEqual([false, true]);
    expect(isRetryableConflict(serialization)).toBe(true);
    expect(isRetryableConflict(deadlock)).toBe(true);
  });

  it('is not a timeout, an outage, a constraint or anything that is not a database error', () => {
    for (const error of [
      { code: '55P03', message: 'canceling statement due to lock timeout' },
      { code: '57014', message: 'canceling statement due to statement timeout' },
      { code: '57P01', message: 'terminating connection due to administrator command' },
      { code: '23505', message: 'duplicate key' },
      { code: '40002', message: 'integrity constraint violation' },
      new Error('40001'),
      { message: 'could not serialize access due to concurrent update' },
      '40P01',
      undefined,
      null,
    ]) {
      expect(isRetryableConflict(error), JSON.stringify(error)).toBe(false);
    }
  });
});
