import { checkSync } from 'recheck';
import { describe, expect, it } from 'vitest';
import {
  ZAdminIdParam,
  ZAdminLogin,
  ZIdInput,
  ZLeadCreate,
  ZOnboardingPayment,
  ZPageQuery,
  ZPaymentInitiate,
  ZRegistrationUserData,
  ZReviewSubmit,
} from './index.ts';
import * as patterns from './patterns.ts';
import { findIllFormedText, TEXT_TEXTS } from './text-rules.ts';

const MB = 1024 * 1024;

/** Inputs that make a backtracking pattern take quadratic (or worse) time: runs of its own alphabet ending in a mismatch. */
function adversarialInputs(): string[] {
  const units = ['a', 'a.', '.a', 'a@', '@a', 'a-', '1', '1.', 'a/', ':/', ' a', 'a ', '+9', 'http://a', '.'];
  const ends = ['', '@', '!', ' ', '\n', '@@', '..'];
  const inputs: string[] = [];
  for (const unit of units) {
    const body = unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);
    for (const end of ends) inputs.push(`a@${body}${end}`, `${body}${end}`, `http://${body}${end}`);
  }
  return inputs;
}

/**
 * The best of three runs: a garbage-collection pause on a loaded machine can stretch one run, but a
 * pattern that backtracks is slow every time (seconds on 1 MB, not milliseconds).
 */
const slowest = (run: () => void) => {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
};

describe('text patterns', () => {
  const all = Object.entries(patterns).filter(
    (entry): entry is [string, RegExp] => entry[1] instanceof RegExp,
  );

  it('covers every exported pattern', () => {
    expect(all.map(([name]) => name).sort()).toEqual([
      'BUSINESS_CODE_PATTERN',
      'EMAIL_PATTERN',
      'HTTP_URL_PATTERN',
      'INDIAN_MOBILE_PATTERN',
      'PHONE_10_PATTERN',
    ]);
  });

  for (const [name, pattern] of all) {
    it(`${name} cannot backtrack super-linearly (ReDoS analysis)`, () => {
      const result = checkSync(pattern.source, pattern.flags);
      expect(result.status, JSON.stringify(result)).toBe('safe');
    });

    it(`${name} does not backtrack on 1 MB of adversarial text (well under a second each)`, () => {
      const inputs = adversarialInputs();
      // Warm the regex engine once so the first measurement is not its compilation.
      pattern.test('warm-up');
      const times = inputs.map((input) => slowest(() => pattern.test(input)));
      // Linear: a few ms (tens on a loaded CI machine); a backtracking pattern: seconds to hours.
      expect(Math.max(...times)).toBeLessThan(1000);
    });
  }

  it('still reads emails the way the forms did', () => {
    for (const ok of ['asha@example.com', 'a.b+c@mail.co.in', 'x@y.z'])
      expect(patterns.EMAIL_PATTERN.test(ok)).toBe(true);
    for (const bad of ['asha', 'a@b', 'a b@c.d', 'a@b..c', 'a@b.c.', 'a@@b.c', '@b.c']) {
      expect(patterns.EMAIL_PATTERN.test(bad), bad).toBe(false);
    }
  });
});

describe('input schemas against huge and hostile text', () => {
  const huge = `a@${'a.'.repeat(MB / 2)}@`;

  it('refuse a 1 MB value at once, before any pattern, in every public form', () => {
    const cases: [string, () => unknown][] = [
      ['admin sign-in email', () => ZAdminLogin.safeParse({ email: huge, password: 'x' })],
      ['lead email', () => ZLeadCreate.safeParse({ name: 'A', email: huge, subject: 'demo', message: 'm' })],
      [
        'registration email',
        () => ZRegistrationUserData.safeParse({ email: huge, businessUrl: `http://${'a'.repeat(MB)}` }),
      ],
      ['review contact', () => ZReviewSubmit.safeParse({ code: 'abc', rating: 5, customerContact: huge })],
      ['review message', () => ZReviewSubmit.safeParse({ code: 'abc', rating: 1, message: huge })],
    ];
    for (const [name, parse] of cases) {
      expect(slowest(parse), name).toBeLessThan(50);
    }
    const email = ZAdminLogin.safeParse({ email: huge, password: 'secret-1' });
    expect(email.success).toBe(false);
    expect(email.error?.issues[0]?.message).toBe(TEXT_TEXTS.tooLong(254));
  });

  it('keeps the spec messages below the caps', () => {
    const long = ZLeadCreate.safeParse({
      name: 'A',
      email: 'a@b.in',
      subject: 'demo',
      message: 'x'.repeat(2001),
    });
    expect(long.error?.issues[0]?.message).toBe('Message must be at most 2000 characters');
  });
});

describe('numbers and ids', () => {
  it('take numbers, or plain digits as text, and nothing else', () => {
    expect(ZPageQuery.parse({ page: '3', limit: 20 })).toMatchObject({ page: 3, limit: 20 });
    for (const page of [true, [3], '0x1F', '3e0', ' 3', '3.0', '']) {
      expect(ZPageQuery.safeParse({ page }).success, JSON.stringify(page)).toBe(false);
    }
    const review = (rating: unknown) =>
      ZReviewSubmit.safeParse({ code: 'chai', rating, message: 'ok' }).success;
    expect(review(2)).toBe(true);
    expect(review('2')).toBe(true);
    expect(review([2])).toBe(false);
    expect(review(true)).toBe(false);
    const amount = (value: unknown) =>
      ZOnboardingPayment.safeParse({ amount: value, paymentMethod: 'cash', email: 'a@b.in', notes: 'n' })
        .success;
    expect(amount('1500')).toBe(true);
    expect(amount('1500.50')).toBe(true);
    expect(amount('0x1F')).toBe(false);
    expect(amount('1e3')).toBe(false);
    expect(ZPaymentInitiate.shape.amount.safeParse('199900').success).toBe(true);
    expect(ZPaymentInitiate.shape.amount.safeParse(true).success).toBe(false);
  });

  it('reads a path id from decimal digits only, and a tRPC id from a positive whole number only', () => {
    expect(ZAdminIdParam.parse({ id: '42' })).toEqual({ id: 42 });
    for (const id of ['3.0', '0x3', '3e0', ' 3', '-3', '0', '']) {
      expect(ZAdminIdParam.safeParse({ id }).success, id).toBe(false);
    }
    expect(ZIdInput.parse({ id: 42 })).toEqual({ id: 42 });
    for (const id of [true, '42', [42], 0, -1, 1.5])
      expect(ZIdInput.safeParse({ id }).success, String(id)).toBe(false);
  });
});

describe('findIllFormedText', () => {
  it('finds a NUL or an unpaired surrogate anywhere, keys included, and names the field', () => {
    expect(findIllFormedText({ a: 'fine', b: ['ok', { c: 'ok' }] })).toBeUndefined();
    expect(findIllFormedText({ message: 'bad\u0000' })).toEqual({
      field: 'message',
      message: TEXT_TEXTS.illFormed,
    });
    expect(findIllFormedText({ branches: [{}, { name: 'x\uD800y' }] })?.field).toBe('branches.1.name');
    expect(findIllFormedText({ ['k\u0000']: 1 })?.field).toBe('k\u0000');
    expect(findIllFormedText('\uDC00')?.field).toBe('');
    expect(findIllFormedText({ emoji: 'चाय ☕ 👍' })).toBeUndefined();
  });

  it('refuses input nested deeper than any form', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(findIllFormedText(deep)?.message).toBe(TEXT_TEXTS.tooDeep);
  });
});
