import { CASE_TEXTS, REVIEW_ACTION_TEXTS } from '@starloop/contract';
import { findOwnerById, insertReview, type TOwnerPublic, type TReview } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createChain, type TChain } from '../../../test/accounts-kit.ts';
import { expectRestError } from '../../../test/client-kit.ts';
import { bearer } from '../../../test/requests-kit.ts';
import { startSmtpSink, type TSmtpSink } from '../../../test/smtp-sink.ts';
import { createTestServer, type TTestServer } from '../../../test/test-server.ts';
import { openReviewCases } from '../../cases/cases.listener.ts';

describe(`the review drawer's actions on ${testDriverName()}`, () => {
  let server: TTestServer;
  let sink: TSmtpSink;
  let pro: TChain;
  let essential: TChain;
  let other: TChain;
  let branchA: TOwnerPublic;
  let branchB: TOwnerPublic;
  let staffToken: string;
  let managerOfBToken: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await createTestServer({ SMTP_URL: sink.url });
    pro = await createChain(server, { branches: 2, name: 'Drawer Dhaba' });
    [branchA, branchB] = pro.branches as [TOwnerPublic, TOwnerPublic];
    essential = await createChain(server, { branches: 1, plan: 'essential', name: 'Basic Bhojan' });
    other = await createChain(server, { branches: 1, name: 'Elsewhere Eats' });
    staffToken = (await addMember(server, pro.accountId, 'staff', [branchA.id])).token;
    managerOfBToken = (await addMember(server, pro.accountId, 'manager', [branchB.id])).token;
  });
  afterAll(async () => {
    await server?.stop();
    await sink?.close();
  });

  /**
   * A review as the drawer finds it, written straight to the table (no reply job, so no automatic
   * mail races the test): with its draft, language, consented contact and case as asked.
   */
  async function review(
    business: TOwnerPublic,
    fields: {
      rating: number;
      message: string;
      customerContact?: string | null;
      replyStatus?: TReview['replyStatus'];
      replyText?: string | null;
      language?: string | null;
      contact?: { phone?: string; email?: string; consent: boolean; withdrawn?: boolean };
      withCase?: boolean;
    },
  ): Promise<TReview> {
    const row = await insertReview(server.deps.db, {
      ownerId: business.id,
      rating: fields.rating,
      message: fields.message,
      customerContact: fields.customerContact ?? null,
      sentimentLabel: fields.rating <= 3 ? 'negative' : 'positive',
    });
    await server.deps.db
      .updateTable('reviews')
      .set({
        replyStatus: fields.replyStatus ?? 'drafted',
        replyText: fields.replyText === undefined ? 'Dear customer, we are sorry.' : fields.replyText,
        language: fields.language ?? null,
      })
      .where('id', '=', row.id)
      .execute();
    if (fields.contact) {
      const at = new Date();
      await server.deps.db
        .insertInto('reviewContacts')
        .values({
          reviewId: row.id,
          ownerId: business.id,
          phoneE164: fields.contact.phone ?? null,
          email: fields.contact.email ?? null,
          consent: fields.contact.consent,
          consentAt: fields.contact.consent ? at : null,
          consentVersion: 'v1',
          language: fields.language ?? 'en',
          withdrawnAt: fields.contact.withdrawn ? at : null,
          withdrawnSource: fields.contact.withdrawn ? 'stop-reply' : null,
        })
        .execute();
    }
    if (fields.withCase ?? fields.rating <= 3) {
      const owner = (await findOwnerById(server.deps.db, business.id))!;
      const stored = (await server.deps.db
        .selectFrom('reviews')
        .selectAll()
        .where('id', '=', row.id)
        .executeTakeFirst())!;
      await server.deps.db.transaction().execute((trx) => openReviewCases(trx, [{ review: stored, owner }]));
    }
    return row;
  }

  const trpc = (path: string, token: string, input: unknown, branch?: number) =>
    server.app.inject({
      method: 'POST',
      url: `/trpc/${path}`,
      headers: {
        ...bearer(token),
        'content-type': 'application/json',
        ...(branch ? { 'x-business-id': String(branch) } : {}),
      },
      payload: JSON.stringify(input),
    });
  const query = (path: string, token: string, input: unknown, branch?: number) =>
    server.app.inject({
      method: 'GET',
      url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`,
      headers: { ...bearer(token), ...(branch ? { 'x-business-id': String(branch) } : {}) },
    });
  const rest = (url: string, token: string, payload?: unknown) =>
    server.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: JSON.stringify(payload ?? {}),
    });
  const stored = async (id: number) =>
    (await server.deps.db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirst())!;
  const caseOf = (reviewId: number) =>
    server.deps.db.selectFrom('cases').selectAll().where('reviewId', '=', reviewId).execute();

  describe('what the drawer is told about each review', () => {
    it('gives the language, the case, whether the reply can be emailed and the consented contact', async () => {
      const hindi = await review(branchA, {
        rating: 2,
        message: 'shop was closed at 8 pm',
        language: 'hi',
        contact: { phone: '+919876500001', consent: true },
      });
      const tamil = await review(branchA, {
        rating: 4,
        message: 'சாப்பாடு நன்றாக இருந்தது',
        customerContact: 'Priya, priya@example.com',
      });
      const consentedEmail = await review(branchA, {
        rating: 3,
        message: 'Slow service',
        contact: { email: 'ravi@example.com', consent: true },
      });
      const withdrawn = await review(branchA, {
        rating: 1,
        message: 'Rude staff',
        customerContact: 'meena@example.com',
        contact: { phone: '+919876500002', consent: true, withdrawn: true },
      });
      const res = await query('owner.dashboard.reviews', pro.ownerToken, { page: 1, limit: 10 }, branchA.id);
      expect(res.statusCode, res.body).toBe(200);
      const byId = new Map(
        (res.json().result.data.reviews as { id: number }[]).map((r) => [r.id, r as Record<string, unknown>]),
      );
      const hindiCase = (await caseOf(hindi.id))[0]!;
      expect(byId.get(hindi.id)).toMatchObject({
        language: 'hi',
        caseId: Number(hindiCase.id),
        caseStatus: 'new',
        replyEmail: false,
        contact: { phone: '+919876500001', email: null, consent: true, withdrawn: false },
      });
      expect(byId.get(tamil.id)).toMatchObject({
        language: 'ta',
        caseId: null,
        caseStatus: null,
        replyEmail: true,
        contact: null,
      });
      expect(byId.get(consentedEmail.id)).toMatchObject({ language: 'en', replyEmail: true });
      // Consent withdrawn: no email, even to the address in the contact field, and no call.
      expect(byId.get(withdrawn.id)).toMatchObject({
        replyEmail: false,
        contact: { consent: false, withdrawn: true },
      });

      const one = await query('owner.dashboard.review', pro.ownerToken, { id: hindi.id }, branchA.id);
      expect(one.json().result.data).toMatchObject({ language: 'hi', caseId: Number(hindiCase.id) });
    });

    it("reads Devanagari as Marathi where the branch's page speaks Marathi", async () => {
      await server.deps.db
        .updateTable('owners')
        .set({ reviewPageLanguage: 'mr' })
        .where('id', '=', branchB.id)
        .execute();
      const marathi = await review(branchB, { rating: 2, message: 'जेवण थंड होतं', withCase: false });
      const res = await query('owner.dashboard.review', pro.ownerToken, { id: marathi.id }, branchB.id);
      expect(res.json().result.data.language).toBe('mr');
    });
  });

  it('a Hindi 2-star review left on the page with a phone: a case, a Hindi draft, a phone to call', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/reviews/',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.61.0.2' },
      payload: JSON.stringify({
        code: branchA.code,
        rating: 2,
        message: 'दुकान रात 8 बजे बंद थी',
        language: 'hi',
        contact: { phone: '9876500009', consent: true },
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = Number(res.json().id);
    // The reply worker (Professional: at once) drafts it; no email was left, so it stays drafted.
    const started = Date.now();
    while ((await stored(id)).replyStatus !== 'drafted') {
      if (Date.now() - started > 20_000) throw new Error('no draft');
      await new Promise((r) => setTimeout(r, 100));
    }
    const draft = (await stored(id)).replyText!;
    expect(draft.startsWith('प्रिय ')).toBe(true);
    expect(draft).toContain('हमें बहुत खेद है');
    const one = await query('owner.dashboard.review', pro.ownerToken, { id }, branchA.id);
    expect(one.json().result.data).toMatchObject({
      language: 'hi',
      caseStatus: 'new',
      replyEmail: false,
      contact: { phone: '+919876500009', consent: true, withdrawn: false },
    });
  });

  describe('sending the reply by email', () => {
    it('emails the edited reply (Professional), records it sent and puts it on the case', async () => {
      const row = await review(branchA, {
        rating: 2,
        message: 'The tea was cold',
        customerContact: 'Anita, anita.reply@example.com',
      });
      const text = 'Dear Anita, sorry about the cold tea. Your next chai is on time, we promise.';
      const res = await rest(`/reviews/${row.id}/reply`, pro.ownerToken, { text });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id: row.id,
        replyStatus: 'sent',
        replyText: text,
        replyError: null,
      });
      const mail = await sink.waitFor((m) => m.to.includes('anita.reply@example.com'));
      expect(mail.subject).toBe(`A reply from ${branchA.businessName} to your feedback`);
      expect(mail.text).toContain(text);
      expect(mail.text).toContain('/api/unsubscribe?token=');
      const after = await stored(row.id);
      expect(after).toMatchObject({ replyStatus: 'sent', replyText: text, replyLock: null });
      expect(after.repliedAt).not.toBeNull();

      const [kase] = await caseOf(row.id);
      expect(kase!.firstResponseAt).not.toBeNull();
      const events = await server.deps.db
        .selectFrom('caseEvents')
        .selectAll()
        .where('caseId', '=', kase!.id)
        .orderBy('id')
        .execute();
      expect(events.map((e) => e.kind)).toEqual(['opened', 'message_out']);
      const data = typeof events[1]!.data === 'string' ? JSON.parse(events[1]!.data) : events[1]!.data;
      expect(data).toMatchObject({ text, channel: 'email', delivery: 'sent', messageKind: 'reply' });
      expect(Number(events[1]!.actorPersonId)).toBe(pro.ownerPersonId);

      // Once sent, never again.
      const again = await rest(`/reviews/${row.id}/reply`, pro.ownerToken, { text });
      expectRestError(again, 409, REVIEW_ACTION_TEXTS.alreadySent);
      expect(sink.messages.filter((m) => m.to.includes('anita.reply@example.com'))).toHaveLength(1);
    });

    it('sends to the email left with consent, over tRPC too', async () => {
      const row = await review(branchA, {
        rating: 3,
        message: 'Okay food',
        contact: { email: 'consent.mail@example.com', consent: true },
      });
      const res = await trpc('owner.reviews.sendReply', pro.ownerToken, {
        id: row.id,
        text: 'Dear customer, we are sorry.',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().result.data.replyStatus).toBe('sent');
      await sink.waitFor((m) => m.to.includes('consent.mail@example.com'));
    });

    it('lets an Essential owner send the draft as it is, and not edit it', async () => {
      const draft = 'Dear valued customer, thank you.';
      const row = await review(essential.first, {
        rating: 5,
        message: 'Nice',
        customerContact: 'essential.customer@example.com',
        replyText: draft,
      });
      const edited = await rest(`/reviews/${row.id}/reply`, essential.ownerToken, { text: `${draft} More.` });
      expectRestError(edited, 403, REVIEW_ACTION_TEXTS.editProfessionalOnly);
      expect((await stored(row.id)).replyStatus).toBe('drafted');

      const asDrafted = await rest(`/reviews/${row.id}/reply`, essential.ownerToken, { text: `  ${draft} ` });
      expect(asDrafted.statusCode, asDrafted.body).toBe(200);
      expect(asDrafted.json().replyStatus).toBe('sent');

      const noDraft = await review(essential.first, {
        rating: 5,
        message: '',
        customerContact: 'essential.two@example.com',
        replyStatus: 'none',
        replyText: null,
      });
      expectRestError(
        await rest(`/reviews/${noDraft.id}/reply`, essential.ownerToken, { text: 'Thanks!' }),
        409,
        REVIEW_ACTION_TEXTS.noDraft,
      );
    });

    it('refuses, changing nothing, where the reply cannot go', async () => {
      const phoneOnly = await review(branchA, {
        rating: 2,
        message: 'Closed early',
        contact: { phone: '+919876500003', consent: true },
      });
      expectRestError(
        await rest(`/reviews/${phoneOnly.id}/reply`, pro.ownerToken, { text: 'Sorry!' }),
        409,
        REVIEW_ACTION_TEXTS.noEmail,
      );
      const withdrawn = await review(branchA, {
        rating: 2,
        message: 'Closed early',
        customerContact: 'withdrawn@example.com',
        contact: { phone: '+919876500004', consent: true, withdrawn: true },
      });
      expectRestError(
        await rest(`/reviews/${withdrawn.id}/reply`, pro.ownerToken, { text: 'Sorry!' }),
        409,
        CASE_TEXTS.consentWithdrawn,
      );
      const pending = await review(branchA, {
        rating: 2,
        message: 'Closed early',
        customerContact: 'pending@example.com',
        replyStatus: 'pending',
        replyText: null,
      });
      expectRestError(
        await rest(`/reviews/${pending.id}/reply`, pro.ownerToken, { text: 'Sorry!' }),
        409,
        REVIEW_ACTION_TEXTS.stillDrafting,
      );
      const linked = await review(branchA, {
        rating: 2,
        message: 'Closed early',
        customerContact: 'links@example.com',
      });
      expectRestError(
        await rest(`/reviews/${linked.id}/reply`, pro.ownerToken, { text: 'Sorry! See evil.example.com' }),
        400,
        REVIEW_ACTION_TEXTS.noLinks,
        'text',
      );
      expectRestError(
        await rest(`/reviews/${linked.id}/reply`, pro.ownerToken, { text: '   ' }),
        400,
        REVIEW_ACTION_TEXTS.textRequired,
      );
      for (const id of [phoneOnly.id, withdrawn.id, linked.id]) {
        expect(await stored(id)).toMatchObject({
          replyStatus: 'drafted',
          replyText: 'Dear customer, we are sorry.',
        });
      }
      expect(
        sink.messages.some((m) =>
          ['withdrawn@example.com', 'links@example.com'].some((a) => m.to.includes(a)),
        ),
      ).toBe(false);
    });

    it('is for owners and managers of the branch: staff 403, another branch or account 404', async () => {
      const row = await review(branchA, { rating: 2, message: 'Meh', customerContact: 'scope@example.com' });
      const staff = await rest(`/reviews/${row.id}/reply`, staffToken, { text: 'Sorry!' });
      expect(staff.statusCode, staff.body).toBe(403);
      expectRestError(
        await rest(`/reviews/${row.id}/reply`, managerOfBToken, { text: 'Sorry!' }),
        404,
        REVIEW_ACTION_TEXTS.notFound,
      );
      expectRestError(
        await rest(`/reviews/${row.id}/reply`, other.ownerToken, { text: 'Sorry!' }),
        404,
        REVIEW_ACTION_TEXTS.notFound,
      );
      expect((await stored(row.id)).replyStatus).toBe('drafted');
    });
  });

  describe('opening a case for a review', () => {
    it('opens one for a 4-5 star complaint, by staff too, once however often asked', async () => {
      const row = await review(branchA, {
        rating: 4,
        message: 'Good food but dirty tables',
        withCase: false,
      });
      const [first, second] = await Promise.all([
        rest(`/reviews/${row.id}/case`, staffToken),
        rest(`/reviews/${row.id}/case`, pro.ownerToken),
      ]);
      expect(first.statusCode, first.body).toBe(200);
      expect(second.statusCode, second.body).toBe(200);
      expect(first.json().id).toBe(second.json().id);
      expect(first.json()).toMatchObject({
        reviewId: row.id,
        rating: 4,
        status: 'new',
        businessId: branchA.id,
      });
      expect(await caseOf(row.id)).toHaveLength(1);
      const opened = await server.deps.db
        .selectFrom('caseEvents')
        .selectAll()
        .where('caseId', '=', first.json().id)
        .execute();
      expect(opened.map((e) => e.kind)).toEqual(['opened']);
      expect(opened[0]!.actorPersonId).not.toBeNull();

      const drawer = await query('owner.dashboard.review', staffToken, { id: row.id }, branchA.id);
      expect(drawer.json().result.data).toMatchObject({ caseId: first.json().id, caseStatus: 'new' });
    });

    it('answers the case a low review already has, and 404 outside the caller\u2019s branches', async () => {
      const row = await review(branchA, { rating: 1, message: 'Awful' });
      const [existing] = await caseOf(row.id);
      const res = await trpc('owner.reviews.openCase', pro.ownerToken, { id: row.id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().result.data.id).toBe(Number(existing!.id));
      expectRestError(
        await rest(`/reviews/${row.id}/case`, managerOfBToken),
        404,
        REVIEW_ACTION_TEXTS.notFound,
      );
      expectRestError(
        await rest(`/reviews/${row.id}/case`, other.ownerToken),
        404,
        REVIEW_ACTION_TEXTS.notFound,
      );
      expectRestError(
        await rest('/reviews/999999999/case', pro.ownerToken),
        404,
        REVIEW_ACTION_TEXTS.notFound,
      );
    });
  });
});
