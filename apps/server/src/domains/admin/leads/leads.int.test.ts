import { LEAD_SOURCES, LEAD_STATUSES } from '@starloop/contract';
import { findLeadById, insertLead, type TLead } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '../../../test/admin-api.ts';
import { adminListContract, newestFirst } from '../../../test/admin-list-contract.ts';

const WORDS = [
  'amber',
  'basil',
  'cedar',
  'dune',
  'ember',
  'fern',
  'garnet',
  'hazel',
  'iris',
  'jade',
  'kale',
  'lotus',
  'maple',
  'nutmeg',
  'olive',
  'pepper',
  'quartz',
  'ruby',
  'sage',
  'thyme',
  'umber',
  'violet',
  'willow',
];
const SUBJECTS = ['demo', 'pricing', 'implementation', 'features', 'partnership'];
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const DAY = 24 * 60 * 60 * 1000;
/** The phone of the lead named WORDS[i]. */
const phoneOf = (i: number) => `98${String(10_000_000 + i * 137).padStart(8, '0')}`;

interface TLeadBody {
  id: number;
  name: string;
  email: string;
  contactNumber: string;
  bussiness: string;
  subject: string;
  message: string;
  source: string;
  status: string;
  createdAt: string;
  updatedAt: string;
}

const asBody = (lead: TLead): TLeadBody => ({
  ...lead,
  createdAt: lead.createdAt.toISOString(),
  updatedAt: lead.updatedAt.toISOString(),
});

describe(`admin leads API on ${testDriverName()}`, () => {
  const api = adminApi();
  const leads: TLead[] = [];

  const list = async (query: string) => {
    const { status, body } = await api.get(`/api/admin/leads?${query}`);
    expect(status, query).toBe(200);
    return body as {
      leads: TLeadBody[];
      meta: Record<string, unknown>;
      counts: Record<string, number>;
    };
  };

  beforeAll(async () => {
    const now = Date.now();
    for (const [i, word] of WORDS.entries()) {
      leads.push(
        await insertLead(api.db, {
          name: `Lead ${word[0]!.toUpperCase()}${word.slice(1)}`,
          email: `${word}@leads.example.in`,
          contactNumber: phoneOf(i),
          bussiness: i % 3 === 0 ? '' : `${word} traders`,
          subject: SUBJECTS[i % SUBJECTS.length]!,
          message: `Message about ${word} number ${i}`,
          source: LEAD_SOURCES[i % LEAD_SOURCES.length]!,
          status: LEAD_STATUSES[(i * 7) % LEAD_STATUSES.length]!,
          // Seven leads are from long ago (not this month); the rest spread over the last minutes.
          createdAt: new Date(i < 7 ? now - (60 + i) * DAY : now - (WORDS.length - i) * 60_000),
        }),
      );
    }
  });

  const ember = (l: TLead) => l.email.startsWith('ember@'); // leads[4]: has a business
  adminListContract({
    rest: '/api/admin/leads',
    trpc: 'admin.leads.list',
    rowsKey: 'leads',
    context: api.context,
    rows: () => newestFirst(leads),
    pageSizes: [7],
    search: {
      // name, email, contactNumber, bussiness, subject, message, source and status.
      finds: {
        'lead ember': ember,
        'EMBER@LEADS': ember,
        [phoneOf(4)]: ember,
        'ember traders': ember,
        partnership: (l) => l.subject === 'partnership',
        'number 11': (l) => l.message.includes('number 11'),
        referral: (l) => l.source === 'referral',
        contacted: (l) => l.status === 'contacted',
      },
      findsNothing: ['nothing-like-this'],
    },
    sorts: {
      id: (l) => l.id,
      name: (l) => l.name.toLowerCase(),
      email: (l) => l.email.toLowerCase(),
      source: (l) => l.source,
      status: (l) => l.status,
      createdAt: (l) => l.createdAt,
    },
    totals: ['counts'],
    trpcWithoutInput: 'refused',
  });

  describe('GET /api/admin/leads', () => {
    it('answers leads, meta and counts, field by field', async () => {
      const body = await list('page=1&limit=10');
      expect(Object.keys(body).sort()).toEqual(['counts', 'leads', 'meta']);
      expect(body.leads).toHaveLength(10);
      for (const lead of body.leads) {
        expect(Object.keys(lead).sort()).toEqual([
          'bussiness',
          'contactNumber',
          'createdAt',
          'email',
          'id',
          'message',
          'name',
          'source',
          'status',
          'subject',
          'updatedAt',
        ]);
        expect(lead.createdAt).toMatch(ISO);
      }
      // Newest first by default: the last inserted lead is the newest.
      expect(body.leads[0]).toEqual(asBody(leads[leads.length - 1]!));
      const count = (s: string) => leads.filter((l) => l.status === s).length;
      const today = new Date();
      const monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
      expect(body.counts).toEqual({
        totalLeads: 23,
        newLeads: count('new'),
        contactedLeads: count('contacted'),
        convertedLeads: count('converted'),
        thisMonthLeads: leads.filter((l) => l.createdAt >= monthStart).length,
      });
      expect(body.counts.thisMonthLeads).toBeGreaterThan(0);
      expect(body.counts.thisMonthLeads).toBeLessThan(23);
      expect(count('new') + count('contacted') + count('converted')).toBeLessThan(23);
    });

    it('filters by status and source', async () => {
      const body = await list('limit=100&status=new&source=website');
      const expected = leads.filter((l) => l.status === 'new' && l.source === 'website');
      expect(body.leads.map((l) => l.id).sort((a, b) => a - b)).toEqual(expected.map((l) => l.id));
    });
  });

  const edit = (lead: TLead, patch: Record<string, unknown> = {}) => ({
    name: lead.name,
    email: lead.email,
    contactNumber: lead.contactNumber,
    bussiness: lead.bussiness,
    subject: lead.subject,
    message: lead.message,
    source: lead.source,
    status: lead.status,
    ...patch,
  });

  describe('PUT /api/admin//leads/{id}', () => {
    it.each([
      ['double slash', '/api/admin//leads/'],
      ['single slash', '/api/admin/leads/'],
    ])('edits a lead at the %s path and answers {success, lead}', async (_name, prefix) => {
      const target = prefix.includes('//') ? leads[5]! : leads[6]!;
      const res = await api.send(
        'PUT',
        `${prefix}${target.id}`,
        edit(target, {
          name: '  Edited Name ',
          email: 'Edited@Example.IN',
          bussiness: 'Edited Co',
          message: 'x'.repeat(2000),
          source: 'paid',
          status: 'converted',
        }),
      );
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['lead', 'success']);
      expect(body.lead).toEqual({
        ...asBody(target),
        name: 'Edited Name',
        email: 'edited@example.in',
        bussiness: 'Edited Co',
        message: 'x'.repeat(2000),
        source: 'paid',
        status: 'converted',
        updatedAt: expect.stringMatching(ISO),
      });
      const stored = await findLeadById(api.db, target.id);
      expect(stored).toMatchObject({ name: 'Edited Name', status: 'converted', source: 'paid' });
    });

    it('allows any status change, including back to new', async () => {
      const target = leads[8]!;
      for (const status of ['closed', 'new', 'contacted']) {
        const res = await api.send('PUT', `/api/admin//leads/${target.id}`, edit(target, { status }));
        expect(res.statusCode).toBe(200);
        expect(res.json().lead.status).toBe(status);
      }
    });

    it.each([
      [{ name: '' }, 'Name is required', 'name'],
      [{ email: '' }, 'Email is required', 'email'],
      [{ email: 'nope' }, 'Enter a valid email address', 'email'],
      [{ contactNumber: ' ' }, 'Contact number is required', 'contactNumber'],
      [{ subject: '' }, 'Subject is required', 'subject'],
      [{ message: '' }, 'Message is required', 'message'],
      [{ message: 'y'.repeat(2001) }, 'Message must be at most 2000 characters', 'message'],
      [{ source: 'tv' }, undefined, 'source'],
      [{ status: 'won' }, undefined, 'status'],
    ])('rejects %j with a 400 and changes nothing', async (patch, message, field) => {
      const target = leads[9]!;
      const res = await api.send('PUT', `/api/admin//leads/${target.id}`, edit(target, patch));
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
      if (message) expect(res.json().message).toBe(message);
      expect(await findLeadById(api.db, target.id)).toEqual(target);
    });

    it('answers 404 for an unknown lead', async () => {
      const res = await api.send('PUT', '/api/admin//leads/987654321', edit(leads[0]!));
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Lead not found');
    });
  });

  describe('DELETE /api/admin//leads/{id}', () => {
    it.each([
      ['double slash', '/api/admin//leads/', 20],
      ['single slash', '/api/admin/leads/', 21],
    ])('deletes a lead at the %s path', async (_name, prefix, index) => {
      const target = leads[index]!;
      const res = await api.send('DELETE', `${prefix}${target.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Lead deleted successfully' });
      expect(await findLeadById(api.db, target.id)).toBeUndefined();
      const again = await api.send('DELETE', `${prefix}${target.id}`);
      expect(again.statusCode).toBe(404);
    });

    it('records lead updates and deletions in the activity log', async () => {
      const rows = await api.db
        .selectFrom('activityEvents')
        .select(['message', 'adminId'])
        .where('type', '=', 'lead')
        .execute();
      expect(rows.some((r) => r.message.includes('deleted') && r.adminId === api.auth.adminId)).toBe(true);
      expect(rows.some((r) => r.message.includes('-> converted'))).toBe(true);
    });
  });

  describe('tRPC admin.leads.update / delete', () => {
    it('edit and delete with the same answers', async () => {
      const target = leads[22]!;
      const update = await api.mutate('admin.leads.update', {
        id: target.id,
        ...edit(target, { status: 'closed' }),
      });
      expect(update.statusCode).toBe(200);
      expect(update.json().result.data.lead).toMatchObject({ id: target.id, status: 'closed' });
      const tooLong = await api.mutate('admin.leads.update', {
        id: target.id,
        ...edit(target, { message: 'z'.repeat(2001) }),
      });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().error.message).toBe('Message must be at most 2000 characters');
      const remove = await api.mutate('admin.leads.delete', { id: target.id });
      expect(remove.json().result.data).toEqual({ success: true, message: 'Lead deleted successfully' });
    });
  });

  describe('authorization', () => {
    it('answers 401 to no token, an expired or tampered token and an owner token, and changes nothing', async () => {
      const target = leads[15]!;
      await api.expectAdminOnly(
        [
          { method: 'PUT', url: `/api/admin//leads/${target.id}`, body: edit(target, { status: 'closed' }) },
          { method: 'PUT', url: `/api/admin/leads/${target.id}`, body: edit(target, { status: 'closed' }) },
          { method: 'DELETE', url: `/api/admin//leads/${target.id}` },
          { method: 'DELETE', url: `/api/admin/leads/${target.id}` },
        ],
        [
          { path: 'admin.leads.update', kind: 'mutation', input: { id: target.id, ...edit(target) } },
          { path: 'admin.leads.delete', kind: 'mutation', input: { id: target.id } },
        ],
      );
      expect(await findLeadById(api.db, target.id)).toEqual(target);
    });
  });
});
