import { TOKEN_TTL } from '@starloop/contract';
import {
  consumeOneTimeToken,
  findOwnerById,
  insertAgent,
  listEmails,
  listManualPaymentOwnerIds,
  type TDb,
} from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '../../../test/admin-api.ts';
import { createTestOwner, ownerPersonId } from '../../../test/test-server.ts';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
let serial = 0;

function branch(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    name: `Owner ${serial}`,
    contactNumber: `70${String(10_000_000 + serial * 101).padStart(8, '0')}`,
    businessName: `Branch ${serial} Cafe`,
    code: `onb-branch-${serial}`,
    reviewLink: `https://g.page/r/branch-${serial}/review`,
    state: 'Maharashtra',
    city: 'Pune',
    subscriptionDuration: 1,
    ...overrides,
  };
}

const payment = (overrides: Record<string, unknown> = {}) => ({
  amount: 15000,
  paymentMethod: 'bank_transfer',
  email: 'Accounts@Chain.example.in',
  notes: 'Launch discount for a three-branch chain | Additional: paid by NEFT',
  ...overrides,
});

/** Rows of every table an onboarding writes to. */
async function tableCounts(db: TDb) {
  const row = await sql<Record<string, number>>`select
      (select count(*)::int from owners) as owners,
      (select count(*)::int from manual_payments) as manual_payments,
      (select count(*)::int from manual_payment_owners) as links,
      (select count(*)::int from one_time_tokens) as tokens,
      (select count(*)::int from email_outbox) as emails,
      (select count(*)::int from activity_events) as activity`.execute(db);
  return row.rows[0]!;
}

/** The token of a set-password link, which rides in the fragment (`#token=…`). */
const linkToken = (url: string) => new URLSearchParams(new URL(url).hash.slice(1)).get('token')!;

describe(`admin onboarding API on ${testDriverName()}`, () => {
  const api = adminApi({ env: { APP_URL: 'https://app.starloop.test' } });
  let agentId: number;

  const onboard = (body: unknown) => api.send('POST', '/api/admin/onboard', body);

  beforeAll(async () => {
    const agent = { code: 'AG7001', name: 'Sunil Agent', email: 'sunil@agents.in', phone: '9811111111' };
    agentId = (await insertAgent(api.db, agent)).id;
  });

  describe('POST /api/admin/onboard', () => {
    let result: {
      success: true;
      users: { id: number; code: string; setPasswordUrl: string }[];
      manualPaymentId: number;
    };
    let branches: ReturnType<typeof branch>[];
    let startedAt: number;
    /** The onboarded owners' ids. */
    const ids = () => result.users.map((u) => u.id);

    beforeAll(async () => {
      branches = [
        branch({ state: 'maharashtra', city: 'pune' }),
        branch({ subscriptionDuration: 2, agentId, code: 'Onb-Upper-Case' }),
        branch({ state: 'Karnataka', city: 'Bengaluru', subscriptionDuration: '2' }),
      ];
      startedAt = Date.now();
      const res = await onboard({ branches, payment: payment() });
      expect(res.statusCode).toBe(201);
      result = res.json();
    });

    it('answers {success, users[{id, code, setPasswordUrl}], manualPaymentId}', () => {
      expect(Object.keys(result).sort()).toEqual(['manualPaymentId', 'success', 'users']);
      expect(result.success).toBe(true);
      expect(result.manualPaymentId).toEqual(expect.any(Number));
      expect(result.users).toHaveLength(3);
      expect(result.users.map((u) => u.code)).toEqual([
        branches[0]!.code,
        'onb-upper-case',
        branches[2]!.code,
      ]);
      for (const user of result.users) {
        expect(Object.keys(user).sort()).toEqual(['code', 'id', 'setPasswordUrl']);
        expect(user.setPasswordUrl).toMatch(/^https:\/\/app\.starloop\.test\/set-password#token=[\w-]{40,}$/);
      }
    });

    it('creates every branch as an active, manually registered owner with its subscription', async () => {
      for (const [i, user] of result.users.entries()) {
        const owner = await findOwnerById(api.db, user.id);
        const years = Number(branches[i]!.subscriptionDuration);
        expect(owner).toMatchObject({
          name: branches[i]!.name,
          businessName: branches[i]!.businessName,
          contactNumber: branches[i]!.contactNumber,
          reviewLink: branches[i]!.reviewLink,
          status: 'active',
          registrationSource: 'manual',
          plan: 'essential',
          email: 'accounts@chain.example.in',
          agentId: i === 1 ? agentId : null,
          deletedAt: null,
        });
        const start = owner!.subscriptionStart!.getTime();
        expect(start).toBeGreaterThanOrEqual(startedAt - 1000);
        expect(start).toBeLessThanOrEqual(Date.now());
        const end = owner!.subscriptionEnd!.getTime();
        expect(Math.abs(end - start - years * YEAR_MS)).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
        expect(owner!.subscriptionEnd!.getUTCMonth()).toBe(owner!.subscriptionStart!.getUTCMonth());
      }
      // State and city are stored in their canonical spelling.
      expect(await findOwnerById(api.db, result.users[0]!.id)).toMatchObject({
        state: 'Maharashtra',
        city: 'Pune',
      });
      expect(await findOwnerById(api.db, result.users[2]!.id)).toMatchObject({
        state: 'Karnataka',
        city: 'Bengaluru',
      });
    });

    it('links one manual payment to all branches', async () => {
      const payments = await api.db
        .selectFrom('manualPayments')
        .selectAll()
        .where('id', '=', result.manualPaymentId)
        .execute();
      expect(payments).toHaveLength(1);
      expect(payments[0]).toMatchObject({
        amount: 15000,
        paymentMethod: 'bank_transfer',
        email: 'accounts@chain.example.in',
        notes: 'Launch discount for a three-branch chain | Additional: paid by NEFT',
        createdByAdminId: api.auth.adminId,
      });
      expect(await listManualPaymentOwnerIds(api.db, result.manualPaymentId)).toEqual(
        result.users.map((u) => u.id).sort((a, b) => a - b),
      );
    });

    it('issues set-password tokens valid 7 days that work exactly once', async () => {
      const people = await Promise.all(ids().map((id) => ownerPersonId(api.server, id)));
      const rows = await api.db
        .selectFrom('oneTimeTokens')
        .selectAll()
        .where('personId', 'in', people)
        .execute();
      expect(rows).toHaveLength(3);
      for (const row of rows) {
        expect(row.kind).toBe('set_password');
        const ttl = row.expiresAt.getTime() - row.createdAt.getTime();
        expect(Math.abs(ttl - TOKEN_TTL.setPasswordSeconds * 1000)).toBeLessThan(60_000);
      }
      const user = result.users[0]!;
      const token = linkToken(user.setPasswordUrl);
      // Only the hash is stored.
      expect(rows.some((r) => r.tokenHash === token)).toBe(false);
      expect(await consumeOneTimeToken(api.db, token, ['reset_password'])).toBeUndefined();
      expect(await consumeOneTimeToken(api.db, token, ['set_password'])).toEqual({
        personId: await ownerPersonId(api.server, user.id),
        kind: 'set_password',
      });
      expect(await consumeOneTimeToken(api.db, token, ['set_password'])).toBeUndefined();
      // Another owner's link is untouched by that.
      const other = linkToken(result.users[1]!.setPasswordUrl);
      expect((await consumeOneTimeToken(api.db, other, ['set_password']))?.personId).toBe(
        await ownerPersonId(api.server, result.users[1]!.id),
      );
    });

    it('emails every set-password link to the payment email', async () => {
      const mails = await listEmails(api.db, { to: 'accounts@chain.example.in' });
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.subject).toBe('Set your StarLoop passwords');
      expect(mail.category).toBe('set_password');
      expect(mail.status).toBe('outbox');
      for (const user of result.users) expect(mail.textBody).toContain(user.setPasswordUrl);
      expect(mail.textBody).toContain('valid for 7 days');
    });

    it('records an activity per onboarded owner', async () => {
      const rows = await api.db
        .selectFrom('activityEvents')
        .selectAll()
        .where('ownerId', 'in', ids())
        .execute();
      expect(rows).toHaveLength(3);
      for (const row of rows) {
        expect(row.type).toBe('user');
        expect(row.message).toContain('onboarded');
        expect(row.adminId).toBe(api.auth.adminId);
      }
    });
  });

  describe('all or nothing', () => {
    it('creates nothing when branch 2 has a taken business code (409 naming branch and field)', async () => {
      const existing = await createTestOwner(api.server, { code: 'taken-code' });
      const before = await tableCounts(api.db);
      const res = await onboard({
        branches: [branch(), branch({ code: existing.code }), branch()],
        payment: payment(),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        success: false,
        message: 'Customer 2: This business code is taken',
        field: 'branches.1.code',
      });
      expect(await tableCounts(api.db)).toEqual(before);
    });

    it('creates nothing when branch 2 has a registered phone number', async () => {
      const existing = await createTestOwner(api.server);
      const before = await tableCounts(api.db);
      const res = await onboard({
        branches: [branch(), branch({ contactNumber: existing.contactNumber })],
        payment: payment(),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        message: 'Customer 2: This phone number is already registered',
        field: 'branches.1.contactNumber',
      });
      expect(await tableCounts(api.db)).toEqual(before);
    });

    it('refuses a code or phone repeated inside the same request (400)', async () => {
      const before = await tableCounts(api.db);
      const first = branch();
      const code = await onboard({
        branches: [first, branch(), branch({ code: first.code.toUpperCase() })],
        payment: payment(),
      });
      expect(code.statusCode).toBe(400);
      expect(code.json()).toMatchObject({
        message: 'Customer 3: This business code is already used by Customer 1',
        field: 'branches.2.code',
      });
      const phone = await onboard({
        branches: [first, branch({ contactNumber: first.contactNumber })],
        payment: payment(),
      });
      expect(phone.statusCode).toBe(400);
      expect(phone.json()).toMatchObject({
        message: 'Customer 2: This phone number is already used by Customer 1',
        field: 'branches.1.contactNumber',
      });
      expect(await tableCounts(api.db)).toEqual(before);
    });

    it.each([
      [{ name: '' }, 'Customer 2: Name is required', 'branches.1.name'],
      [{ contactNumber: '12345' }, 'Customer 2: Enter valid 10-digit number', 'branches.1.contactNumber'],
      [{ businessName: ' ' }, 'Customer 2: Business name is required', 'branches.1.businessName'],
      [{ code: '' }, 'Customer 2: Business code is required', 'branches.1.code'],
      [
        { reviewLink: 'g.page/x' },
        'Customer 2: Enter a valid URL starting with http:// or https://',
        'branches.1.reviewLink',
      ],
      [{ state: '' }, 'Customer 2: State is required', 'branches.1.state'],
      [{ city: '' }, 'Customer 2: City is required', 'branches.1.city'],
      [
        { subscriptionDuration: 3 },
        'Customer 2: Subscription duration is required',
        'branches.1.subscriptionDuration',
      ],
      [{ state: 'Atlantis' }, 'Customer 2: Choose a state from the list', 'branches.1.state'],
      [{ city: 'Bengaluru' }, 'Customer 2: Choose a city of Maharashtra', 'branches.1.city'],
      [{ agentId: 987654 }, 'Customer 2: This agent does not exist', 'branches.1.agentId'],
    ])('refuses branch 2 with %j: "%s", and creates nothing', async (patch, message, field) => {
      const before = await tableCounts(api.db);
      const res = await onboard({ branches: [branch(), branch(patch)], payment: payment() });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, field });
      expect(await tableCounts(api.db)).toEqual(before);
    });

    it.each([
      [{ amount: -1 }, 'Amount must be positive', 'payment.amount'],
      [{ amount: 'abc' }, 'Please enter a valid amount', 'payment.amount'],
      [{ paymentMethod: 'paypal' }, 'Please select a payment method', 'payment.paymentMethod'],
      [{ email: '' }, 'Email is required', 'payment.email'],
      [{ email: 'accounts' }, 'Enter a valid email address', 'payment.email'],
      [{ notes: '' }, 'Please explain why this price was given', 'payment.notes'],
    ])('refuses the payment %j: "%s"', async (patch, message, field) => {
      const before = await tableCounts(api.db);
      const res = await onboard({ branches: [branch()], payment: payment(patch) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, field });
      expect(await tableCounts(api.db)).toEqual(before);
    });

    it('takes 1 to 10 customers', async () => {
      for (const branches of [[], Array.from({ length: 11 }, () => branch())]) {
        const res = await onboard({ branches, payment: payment() });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ message: 'Add between 1 and 10 customers', field: 'branches' });
      }
      const missing = await onboard({});
      expect(missing.statusCode).toBe(400);
      const ten = await onboard({
        branches: Array.from({ length: 10 }, () => branch()),
        payment: payment({ email: 'ten@chain.in' }),
      });
      expect(ten.statusCode).toBe(201);
      expect(ten.json().users).toHaveLength(10);
    });

    it('lets only one of two concurrent onboardings of the same code win', async () => {
      const code = 'race-code';
      const before = await tableCounts(api.db);
      const [a, b] = await Promise.all([
        onboard({ branches: [branch({ code })], payment: payment({ email: 'a@race.in' }) }),
        onboard({ branches: [branch({ code })], payment: payment({ email: 'b@race.in' }) }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
      const loser = a.statusCode === 409 ? a : b;
      expect(loser.json()).toMatchObject({
        message: 'Customer 1: This business code is taken',
        field: 'branches.0.code',
      });
      const after = await tableCounts(api.db);
      expect(after.owners).toBe(before.owners! + 1);
      expect(after.manualPayments).toBe(before.manualPayments! + 1);
      expect(after.tokens).toBe(before.tokens! + 1);
    });
  });

  describe('one account of several branches, on Professional (oneAccount, plan)', () => {
    it('makes one account: the first block owns it and signs in for every branch with one link', async () => {
      const first = branch();
      const second = branch({ contactNumber: first.contactNumber });
      const third = branch();
      const res = await onboard({
        branches: [first, second, third],
        payment: payment({ email: 'chain@owner.example.in' }),
        oneAccount: true,
        plan: 'Professional',
      });
      expect(res.statusCode, res.body).toBe(201);
      const users = res.json().users as { id: number; setPasswordUrl: string }[];
      expect(users).toHaveLength(3);
      const rows = await Promise.all(users.map((u) => findOwnerById(api.db, u.id)));
      expect(new Set(rows.map((r) => r!.accountId)).size).toBe(1);
      expect(rows.map((r) => r!.plan)).toEqual(['professional', 'professional', 'professional']);
      // One person, the owner; one link for all three branches.
      const people = await api.db
        .selectFrom('memberships')
        .selectAll()
        .where('accountId', '=', rows[0]!.accountId)
        .execute();
      expect(people).toEqual([expect.objectContaining({ role: 'owner', businessIds: null })]);
      expect(new Set(users.map((u) => u.setPasswordUrl)).size).toBe(1);

      // The owner sets the password, then works on any branch of the account.
      const set = await api.send('POST', '/api/users/set-password', {
        token: linkToken(users[0]!.setPasswordUrl),
        password: 'chain-owner-2026',
      });
      expect(set.statusCode, set.body).toBe(200);
      const account = await api.server.app.inject({
        method: 'GET',
        url: '/api/v1/account',
        headers: { authorization: `Bearer ${set.json().token}`, 'x-business-id': String(users[2]!.id) },
      });
      expect(account.statusCode, account.body).toBe(200);
      expect(account.json()).toMatchObject({ role: 'owner', currentBusinessId: users[2]!.id });
      expect(account.json().branches).toHaveLength(3);
    });

    it("keeps today's behaviour without them: separate accounts on Essential", async () => {
      const res = await onboard({ branches: [branch(), branch()], payment: payment() });
      expect(res.statusCode).toBe(201);
      const rows = await Promise.all(
        (res.json().users as { id: number }[]).map((u) => findOwnerById(api.db, u.id)),
      );
      expect(new Set(rows.map((r) => r!.accountId)).size).toBe(2);
      expect(rows.map((r) => r!.plan)).toEqual(['essential', 'essential']);
    });

    it('refuses an unknown plan with a field message', async () => {
      const res = await onboard({ branches: [branch()], payment: payment(), plan: 'Gold' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Plan must be Essential or Professional', field: 'plan' });
    });
  });

  describe('tRPC admin.onboarding.create', () => {
    it('onboards with the same answer and names the branch in errors', async () => {
      const ok = await api.mutate('admin.onboarding.create', {
        branches: [branch()],
        payment: payment({ email: 'trpc@chain.in' }),
      });
      expect(ok.statusCode).toBe(200);
      const data = ok.json().result.data;
      expect(data.success).toBe(true);
      expect(data.users[0].setPasswordUrl).toContain('/set-password#token=');
      const bad = await api.mutate('admin.onboarding.create', {
        branches: [branch(), branch({ name: '' })],
        payment: payment(),
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe('Customer 2: Name is required');
      expect(bad.json().error.data.field).toBe('branches.1.name');
      const taken = await api.mutate('admin.onboarding.create', {
        branches: [branch({ code: data.users[0].code })],
        payment: payment(),
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.data).toMatchObject({ field: 'branches.0.code', httpStatus: 409 });
    });
  });

  describe('authorization', () => {
    it('answers 401 to no token, an expired or tampered token and an owner token, and creates nothing', async () => {
      const before = await tableCounts(api.db);
      const body = { branches: [branch()], payment: payment() };
      await api.expectAdminOnly(
        [{ method: 'POST', url: '/api/admin/onboard', body }],
        [{ path: 'admin.onboarding.create', kind: 'mutation', input: body }],
      );
      expect(await tableCounts(api.db)).toEqual(before);
    });
  });
});
