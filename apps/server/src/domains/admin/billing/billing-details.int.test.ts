import { BILLING_TEXTS, GSTIN_MESSAGES, gstinCheckCharacter } from '@starloop/contract';
import { insertApiKey } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { newApiKey } from '../../../auth/api-keys.ts';
import { addMember, createChain, type TChain } from '../../../test/accounts-kit.ts';
import { adminApi } from '../../../test/admin-api.ts';
import { bearer } from '../../../test/requests-kit.ts';
import { createTestAdmin } from '../../../test/test-server.ts';

/** A valid GSTIN of Karnataka (29) with the PAN AAPFU0939F. */
const KARNATAKA_GSTIN = `29AAPFU0939F1Z${gstinCheckCharacter('29AAPFU0939F1Z')}`;
const PROFILE = {
  legalName: 'StarLoop Technologies Private Limited',
  address: '4th floor, 12 MG Road, Pune 411001',
  state: 'Maharashtra',
  gstin: '27AAPFU0939F1ZV',
  pan: 'AAPFU0939F',
  sac: '998315',
  seriesPrefix: 'SL',
  signatory: 'Asha Rao, Director',
};

describe(`billing details (issue 32) on ${testDriverName()}`, () => {
  const api = adminApi();
  let superAdmin: { authorization: string };

  beforeAll(async () => {
    const admin = await createTestAdmin(api.server, { role: 'super_admin' });
    superAdmin = await api.bearer(admin.id);
  });

  describe('the operator billing profile (GET/PUT /api/admin/billing-profile)', () => {
    it('is not configured at first, then saved by a super admin, audited', async () => {
      const before = await api.as(superAdmin).send('GET', '/api/admin/billing-profile');
      expect(before.statusCode).toBe(200);
      expect(before.json()).toEqual({ configured: false, profile: null });
      const saved = await api.as(superAdmin).send('PUT', '/api/admin/billing-profile', {
        ...PROFILE,
        gstin: ' 27aapfu0939f1zv ',
        pan: 'aapfu0939f',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({
        success: true,
        message: BILLING_TEXTS.profileSaved,
        configured: true,
        profile: { ...PROFILE, gstin: '27AAPFU0939F1ZV', pan: 'AAPFU0939F' },
      });
      expect((await api.as(superAdmin).send('GET', '/api/admin/billing-profile')).json().profile.gstin).toBe(
        '27AAPFU0939F1ZV',
      );
      const audit = await api.db
        .selectFrom('auditLog')
        .select(['actorKind', 'targetTable'])
        .where('action', '=', 'billing_profile.update')
        .execute();
      expect(audit).toEqual([{ actorKind: 'admin', targetTable: 'billing_profile' }]);
    });

    it('refuses a bad GSTIN, another state, a PAN that is not the GSTIN, with field messages; nothing saved', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ gstin: '27AAPFU0939F1ZW' }, 'gstin', GSTIN_MESSAGES.check],
        [{ gstin: '27AAPFU0939F1Z' }, 'gstin', GSTIN_MESSAGES.format],
        [{ gstin: KARNATAKA_GSTIN }, 'gstin', GSTIN_MESSAGES.state],
        [{ pan: 'AAPFU0939G' }, 'pan', BILLING_TEXTS.panNotGstin],
        [{ state: 'Atlantis' }, 'state', BILLING_TEXTS.stateInvalid],
        [{ sac: '99831' }, 'sac', BILLING_TEXTS.sacInvalid],
        [{ seriesPrefix: 'INV 26' }, 'seriesPrefix', BILLING_TEXTS.seriesInvalid],
      ];
      for (const [change, field, message] of cases) {
        const res = await api
          .as(superAdmin)
          .send('PUT', '/api/admin/billing-profile', { ...PROFILE, ...change });
        expect(res.statusCode, JSON.stringify(change)).toBe(400);
        expect(res.json()).toMatchObject({ field, message });
      }
      expect((await api.as(superAdmin).send('GET', '/api/admin/billing-profile')).json().profile.sac).toBe(
        '998315',
      );
    });

    it('is for super admins: a plain admin gets a 403, an owner a 401', async () => {
      const admin = await createTestAdmin(api.server, { role: 'admin' });
      const plain = await api.bearer(admin.id);
      expect((await api.as(plain).send('GET', '/api/admin/billing-profile')).statusCode).toBe(403);
      expect((await api.as(plain).send('PUT', '/api/admin/billing-profile', PROFILE)).statusCode).toBe(403);
    });
  });

  describe("an account's billing details (GET/PUT /api/v1/account/billing)", () => {
    let chain: TChain;
    beforeAll(async () => {
      chain = await createChain(api.server, { branches: 2 });
    });
    const call = (method: 'GET' | 'PUT', headers: Record<string, string>, body?: unknown) =>
      api.server.app.inject({
        method,
        url: '/api/v1/account/billing',
        headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { payload: JSON.stringify(body) } : {}),
      });

    it('starts empty, is saved by the owner (GSTIN optional, normalised) and read back', async () => {
      const empty = await call('GET', bearer(chain.ownerToken));
      expect(empty.json()).toEqual({
        legalName: null,
        address: null,
        state: null,
        gstin: null,
        complete: false,
        updatedAt: null,
      });
      const body = {
        legalName: 'Chai Chain LLP',
        address: '1 FC Road, Pune',
        state: 'maharashtra',
        gstin: '27aapfu0939f1zv',
      };
      const saved = await call('PUT', bearer(chain.ownerToken), body);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().billing).toMatchObject({
        legalName: 'Chai Chain LLP',
        state: 'Maharashtra',
        gstin: '27AAPFU0939F1ZV',
        complete: true,
      });
      const without = await call('PUT', bearer(chain.ownerToken), { ...body, state: 'Karnataka', gstin: '' });
      expect(without.json().billing).toMatchObject({ state: 'Karnataka', gstin: null });
      expect((await call('GET', bearer(chain.ownerToken))).json().state).toBe('Karnataka');
    });

    it('refuses a GSTIN of another state or with a bad check character, naming the field; nothing saved', async () => {
      const body = { legalName: 'Chai Chain LLP', address: '1 FC Road, Pune', state: 'Maharashtra' };
      const other = await call('PUT', bearer(chain.ownerToken), { ...body, gstin: KARNATAKA_GSTIN });
      expect(other.statusCode).toBe(400);
      expect(other.json()).toMatchObject({ field: 'gstin', message: GSTIN_MESSAGES.state });
      const typo = await call('PUT', bearer(chain.ownerToken), { ...body, gstin: '27AAPFU0939F1ZW' });
      expect(typo.json()).toMatchObject({ field: 'gstin', message: GSTIN_MESSAGES.check });
      const missing = await call('PUT', bearer(chain.ownerToken), { ...body, legalName: ' ' });
      expect(missing.json()).toMatchObject({ field: 'legalName', message: BILLING_TEXTS.legalNameRequired });
      expect((await call('GET', bearer(chain.ownerToken))).json().state).toBe('Karnataka');
    });

    it('is billing: owners and API keys only, managers and staff get a 403', async () => {
      const manager = await addMember(api.server, chain.accountId, 'manager');
      expect((await call('GET', bearer(manager.token))).statusCode).toBe(403);
      const key = newApiKey();
      await insertApiKey(
        api.db,
        { ownerId: chain.first.id, name: 'Books', prefix: key.prefix, keyHash: key.hash },
        10,
      );
      const read = await call('GET', { authorization: `Bearer ${key.key}` });
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().state).toBe('Karnataka');
    });
  });
});
