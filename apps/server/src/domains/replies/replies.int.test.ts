import { DEFAULT_REPLY_TEMPLATES, PLANS, REPLY_TEXTS } from '@starloop/contract';
import {
  findReviewById,
  insertReview,
  listEmails,
  type TOwnerPublic,
  upsertReplyTemplate,
} from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recomputeSentiment } from '../../cli/sentiment-recompute.ts';
import { QUEUES, type TJobs } from '../../jobs/queue.ts';
import { bearer } from '../../test/requests-kit.ts';
import {
  createTestOwner,
  createTestServer,
  issueOwnerToken,
  type TTestServer,
} from '../../test/test-server.ts';
import { storeReviews } from '../public/review/review-writer.service.ts';
import {
  digestSlot,
  requeueStuckReplies,
  runNotifyJob,
  sendDigests,
  sendLowRatingAlert,
  sendReminders,
  type TNotifyDeps,
  type TNotifyJob,
} from './notifications.worker.ts';
import { renderReply, replyValuesFor } from './reply-templates.rules.ts';

const waitFor = async (check: () => boolean | Promise<boolean>, timeoutMs = 20_000) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe(`automatic replies, templates and notifications on ${testDriverName()}`, () => {
  let server: TTestServer;
  let pro: TOwnerPublic;
  let essential: TOwnerPublic;
  let proAuth: Record<string, string>;
  let essentialAuth: Record<string, string>;

  beforeAll(async () => {
    server = await createTestServer();
    pro = await createTestOwner(server, {
      plan: 'professional',
      businessName: 'Chai Point',
      email: 'pro@owner.test',
    });
    essential = await createTestOwner(server, {
      plan: 'essential',
      businessName: 'Essential Eats',
      email: 'ess@owner.test',
    });
    proAuth = bearer((await issueOwnerToken(server, pro.id)).token);
    essentialAuth = bearer((await issueOwnerToken(server, essential.id)).token);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const query = (path: string, headers: Record<string, string>, input?: unknown) =>
    server.app.inject({
      method: 'GET',
      url: `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
      headers,
    });
  const mutate = (path: string, headers: Record<string, string>, input: unknown) =>
    server.app.inject({
      method: 'POST',
      url: `/trpc/${path}`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(input),
    });

  /** How many reply jobs were queued for a review. */
  const replyJobCount = async (reviewId: number) =>
    (
      await sql<{ count: number }>`select count(*)::int as count from pgboss.job
        where name = ${QUEUES.reviewReply} and singleton_key = ${String(reviewId)}`.execute(server.deps.db)
    ).rows[0]!.count;

  /** The way the public submit service stores a review. */
  async function submit(
    owner: TOwnerPublic,
    review: { rating: number; message: string; customerContact?: string | null; createdAt?: Date },
  ) {
    const [row] = await server.deps.db
      .transaction()
      .execute((trx) => storeReviews(server.deps, trx, [{ owner, ...review }]));
    return row!;
  }

  describe('templates API', () => {
    it('lists defaults, placeholders and whether replies are on', async () => {
      const res = await query('owner.templates.list', proAuth);
      expect(res.statusCode).toBe(200);
      const data = res.json().result.data;
      expect(data.enabled).toBe(true);
      expect(data.templates).toEqual([
        { sentiment: 'positive', body: DEFAULT_REPLY_TEMPLATES.positive, isDefault: true },
        { sentiment: 'neutral', body: DEFAULT_REPLY_TEMPLATES.neutral, isDefault: true },
        { sentiment: 'negative', body: DEFAULT_REPLY_TEMPLATES.negative, isDefault: true },
      ]);
      expect(data.placeholders.map((p: { key: string }) => p.key)).toEqual([
        'customerName',
        'businessName',
        'rating',
        'firstLine',
      ]);
      const ess = await query('owner.templates.list', essentialAuth);
      expect(ess.json().result.data.enabled).toBe(false);
      expect((await query('owner.templates.list', {})).statusCode).toBe(401);
    });

    it('updates, previews and resets a template (Professional)', async () => {
      const body =
        'Hi {customerName}, thanks for the {rating} stars at {businessName}! You said: {firstLine}';
      const updated = await mutate('owner.templates.update', proAuth, { sentiment: 'positive', body });
      expect(updated.statusCode).toBe(200);
      expect(updated.json().result.data.templates[0]).toEqual({
        sentiment: 'positive',
        body,
        isDefault: false,
      });

      const preview = await mutate('owner.templates.preview', proAuth, { sentiment: 'positive', body });
      expect(preview.statusCode).toBe(200);
      expect(preview.json().result.data.text).toBe(
        'Hi Priya Sharma, thanks for the 5 stars at Chai Point! You said: The masala dosa was delicious and the staff were very friendly.',
      );

      const reset = await mutate('owner.templates.reset', proAuth, { sentiment: 'positive' });
      expect(reset.json().result.data.templates[0]).toEqual({
        sentiment: 'positive',
        body: DEFAULT_REPLY_TEMPLATES.positive,
        isDefault: true,
      });
    });

    it('refuses Essential owners with a 403 and changes nothing', async () => {
      const res = await mutate('owner.templates.update', essentialAuth, {
        sentiment: 'negative',
        body: 'Sorry!',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(REPLY_TEXTS.professionalOnly);
      const list = await query('owner.templates.list', essentialAuth);
      expect(list.json().result.data.templates[2].isDefault).toBe(true);
    });

    it('rejects bad bodies with a 400 and a clear message', async () => {
      const empty = await mutate('owner.templates.update', proAuth, { sentiment: 'negative', body: '   ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.message).toBe(REPLY_TEXTS.bodyRequired);
      const long = await mutate('owner.templates.update', proAuth, {
        sentiment: 'negative',
        body: 'x'.repeat(2001),
      });
      expect(long.statusCode).toBe(400);
      const unknown = await mutate('owner.templates.update', proAuth, {
        sentiment: 'negative',
        body: 'Dear {name}',
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.message).toBe(REPLY_TEXTS.unknownPlaceholder('name'));
      const badSentiment = await mutate('owner.templates.update', proAuth, { sentiment: 'angry', body: 'x' });
      expect(badSentiment.statusCode).toBe(400);
      expect((await query('owner.templates.list', proAuth)).json().result.data.templates[2].isDefault).toBe(
        true,
      );
    });
  });

  describe('replies', () => {
    it('drafts a Professional owner’s reply from their template within seconds', async () => {
      await mutate('owner.templates.update', proAuth, {
        sentiment: 'negative',
        body: 'Dear {customerName}, we are sorry about "{firstLine}" ({rating}★). Team {businessName}',
      });
      const review = await submit(pro, {
        rating: 2,
        message: 'Chai thandi thi aur staff rude tha. Never again.',
        customerContact: 'Rohit Gupta 9876543210',
      });
      expect(review.sentimentLabel).toBe('negative');
      await waitFor(async () => (await findReviewById(server.deps.db, review.id))?.replyStatus === 'drafted');
      const stored = await findReviewById(server.deps.db, review.id);
      // No SMTP here: drafted and shown to the owner, not emailed.
      expect(stored?.replyText).toBe(
        'Dear Rohit Gupta, we are sorry about "Chai thandi thi aur staff rude tha." (2★). Team Chai Point',
      );
      expect(await replyJobCount(review.id)).toBe(1);
    });

    it('sends Essential owners the standard thank-you 24 hours later, never their own template', async () => {
      // A template left over from a Professional past does not apply on Essential.
      await upsertReplyTemplate(server.deps.db, essential.id, 'negative', 'Custom {firstLine}');
      const review = await submit(essential, {
        rating: 1,
        message: 'Bahut ganda khana, paisa barbaad.',
        customerContact: 'Anita Rao 9876543210',
      });
      expect(review.sentimentLabel).toBe('negative');
      expect(review.replyStatus).toBe('pending');
      // One job, held for the plan's delay (PLANS.essential.autoReply: within 24 to 48 hours).
      const [job] = (
        await sql<{ hours: number }>`select extract(epoch from (start_after - created_on)) / 3600 as hours
          from pgboss.job where name = ${QUEUES.reviewReply} and singleton_key = ${String(review.id)}`.execute(
          server.deps.db,
        )
      ).rows;
      expect(Number(job?.hours)).toBeGreaterThan(23.9);
      expect(Number(job?.hours)).toBeLessThan(24.1);
      expect(PLANS.essential.autoReply.delaySeconds).toBe(24 * 60 * 60);

      // Not stuck while it waits; stuck (lost job) only 10 minutes after it was due.
      await sql`delete from pgboss.job where name = ${QUEUES.reviewReply} and singleton_key = ${String(review.id)}`.execute(
        server.deps.db,
      );
      const at = (hours: number) => ({
        ...server.deps,
        now: () => new Date(review.createdAt.getTime() + hours * 3600_000),
      });
      expect(await requeueStuckReplies(at(1))).toBe(0);
      expect(await requeueStuckReplies(at(24))).toBe(0);
      expect(await requeueStuckReplies(at(24.25))).toBe(1);

      // The job, when due: the default template as it is, no rewrite.
      await waitFor(async () => (await findReviewById(server.deps.db, review.id))?.replyStatus === 'drafted');
      const stored = await findReviewById(server.deps.db, review.id);
      expect(stored?.replyText).toBe(
        renderReply(
          DEFAULT_REPLY_TEMPLATES.negative,
          replyValuesFor(
            { rating: 1, message: review.message, customerContact: 'Anita Rao 9876543210' },
            essential.businessName,
          ),
        ),
      );
    });

    it('does not draft a reply for a rating without a message', async () => {
      const review = await submit(pro, { rating: 5, message: '' });
      expect(review.sentimentLabel).toBe('positive');
      expect((await findReviewById(server.deps.db, review.id))?.replyStatus).toBe('none');
    });
  });

  describe('owner notifications', () => {
    /** The low-rating alert jobs queued for an owner. */
    const alertJobs = async (ownerId: number) =>
      (
        await sql<{ data: TNotifyJob }>`select data from pgboss.job where name = ${QUEUES.reviewNotify}
          and data->>'kind' = 'low-rating' and (data->>'ownerId')::bigint = ${ownerId}`.execute(
          server.deps.db,
        )
      ).rows;

    /** A Google review of the owner (QR low ratings open feedback cases, alerted by domains/alerts). */
    let googleSeq = 0;
    const googleReview = (ownerId: number, createdOnGoogle: Date, rating: number, comment: string) => {
      googleSeq += 1;
      return server.deps.db
        .insertInto('googleReviews')
        .values({
          ownerId,
          reviewName: `accounts/1/locations/1/reviews/replies-test-${googleSeq}`,
          rating,
          comment,
          reviewerName: 'Google User',
          createdOnGoogle,
          updatedOnGoogle: createdOnGoogle,
        })
        .execute();
    };

    it('a 1-3 star QR review queues no low-rating email: its feedback case is alerted instead', async () => {
      const owner = await createTestOwner(server, {
        email: 'alerted@owner.test',
        businessName: 'Alert Adda',
      });
      const [review] = await server.deps.db.transaction().execute((trx) =>
        storeReviews(server.deps, trx, [
          { owner, rating: 3, message: 'Average food.' },
          { owner, rating: 1, message: 'Burnt toast.' },
          { owner, rating: 5, message: 'Loved the chai!' },
        ]),
      );
      expect(await alertJobs(owner.id)).toHaveLength(0);
      // The case alert job of the branch, in the same transaction (domains/alerts).
      const caseAlertJobs = await sql<{ data: unknown }>`select data from pgboss.job
        where name = ${QUEUES.caseAlert} and (data->>'ownerId')::bigint = ${owner.id}`.execute(
        server.deps.db,
      );
      expect(caseAlertJobs.rows.map((r) => r.data)).toEqual([{ kind: 'new-cases', ownerId: owner.id }]);
      // Jobs queued before the change (or naming a review) list no QR review.
      const later: TNotifyDeps = { ...server.deps, now: () => new Date(Date.now() + 3600_000) };
      expect(await runNotifyJob(later, { kind: 'low-rating', ownerId: owner.id })).toBe('skipped');
      expect(await runNotifyJob(later, { kind: 'low-rating', reviewId: review!.id })).toBe('skipped');
      const mails = await listEmails(server.deps.db, { to: 'alerted@owner.test' });
      expect(mails.filter((m) => m.category === 'low-rating-alert')).toHaveLength(0);
    });

    it('queues no alert for an owner who chose the digest or turned alerts off', async () => {
      const digestOwner = await createTestOwner(server, { email: 'digest@owner.test', dailyDigest: true });
      const quietOwner = await createTestOwner(server, {
        email: 'quiet@owner.test',
        notifyLowRatings: false,
      });
      await googleReview(digestOwner.id, new Date(), 1, 'Digest owner bad review');
      await googleReview(quietOwner.id, new Date(), 2, 'Quiet owner bad review');
      const later: TNotifyDeps = { ...server.deps, now: () => new Date(Date.now() + 60_000) };
      expect(await sendLowRatingAlert(later, digestOwner.id)).toBe('skipped');
      expect(await sendLowRatingAlert(later, quietOwner.id)).toBe('skipped');
      expect(await listEmails(server.deps.db, { to: 'digest@owner.test' })).toHaveLength(0);
      expect(await listEmails(server.deps.db, { to: 'quiet@owner.test' })).toHaveLength(0);
    });

    it('batches Google low ratings: at most one alert per owner per 10 minutes, listing every one since the last', async () => {
      const owner = await createTestOwner(server, {
        email: 'batch@owner.test',
        businessName: 'Batch Bistro',
      });
      const t0 = new Date(Date.now() - 2 * 3600_000);
      const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
      const review = (minutes: number, rating: number, message: string) =>
        googleReview(owner.id, at(minutes), rating, message);
      const followUps: { queue: string; data: object; startAfter: unknown }[] = [];
      const jobs: TJobs = {
        ...server.deps.jobs,
        send: async (queue, data, options) => {
          followUps.push({ queue, data, startAfter: options?.startAfter });
          return 'follow-up';
        },
      };
      const deps = (minutes: number): TNotifyDeps => ({ ...server.deps, jobs, now: () => at(minutes) });
      const alerts = async () =>
        (await listEmails(server.deps.db, { to: 'batch@owner.test' })).sort((a, b) => a.id - b.id);

      // A QR low rating meanwhile is never listed: its case is alerted instead.
      await insertReview(server.deps.db, {
        ownerId: owner.id,
        rating: 1,
        message: 'QR complaint',
        createdAt: at(0),
      });
      // After a quiet spell the first low rating is mailed at once, on its own.
      await review(0, 2, 'First complaint');
      expect(await sendLowRatingAlert(deps(0.1), owner.id)).toBe('sent');
      let mails = await alerts();
      expect(mails.map((m) => m.subject)).toEqual(['New 2-star review for Batch Bistro']);
      expect(mails[0]!.textBody).toContain('Rating: ★★☆☆☆ (2/5)');
      expect(mails[0]!.textBody).toContain('On Google, by: Google User');

      // Several low ratings within the next 10 minutes: their jobs wait for the 10 minutes...
      await review(1, 1, 'Cold coffee');
      expect(await sendLowRatingAlert(deps(1), owner.id)).toBe('deferred');
      await review(2, 5, 'Lovely staff');
      await review(4, 2, 'Slow service');
      expect(await sendLowRatingAlert(deps(4), owner.id)).toBe('deferred');
      await review(9, 3, 'Just okay');
      expect(await sendLowRatingAlert(deps(9), owner.id)).toBe('deferred');
      expect(followUps.map((f) => f.startAfter)).toEqual(
        // When the 10 minutes are up, plus the owner's spread (ownerId % 30 seconds).
        [at(0.1), at(0.1), at(0.1)].map((d) => new Date(d.getTime() + 600_000 + (owner.id % 30) * 1000)),
      );
      expect(followUps[0]).toMatchObject({
        queue: QUEUES.reviewNotify,
        data: { kind: 'low-rating', ownerId: owner.id },
      });
      expect(await alerts()).toHaveLength(1);

      // ...then one email lists all three, oldest first; any other job of the window sends nothing.
      expect(await sendLowRatingAlert(deps(10.1), owner.id)).toBe('sent');
      expect(await sendLowRatingAlert(deps(10.2), owner.id)).toBe('skipped');
      mails = await alerts();
      expect(mails).toHaveLength(2);
      expect(mails[1]!.subject).toBe('3 new low-rating reviews for Batch Bistro');
      const body = mails[1]!.textBody;
      expect(body).not.toMatch(/Lovely staff|First complaint|QR complaint/);
      const order = ['Cold coffee', 'Slow service', 'Just okay'].map((m) => body.indexOf(m));
      expect(order.every((i) => i > 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);

      // A failing SMTP send hands the reviews and the window back (and throws, so pg-boss retries).
      await review(12, 1, 'Dirty table');
      expect(await sendLowRatingAlert(deps(12), owner.id)).toBe('deferred');
      const failing: TNotifyDeps = {
        ...deps(20.1),
        mailer: {
          ...server.deps.mailer,
          send: async () => ({ id: 0, status: 'failed', error: 'smtp down' }),
        },
      };
      await expect(sendLowRatingAlert(failing, owner.id)).rejects.toThrow(/smtp down/);
      expect(await sendLowRatingAlert(deps(20.2), owner.id)).toBe('sent');
      mails = await alerts();
      expect(mails).toHaveLength(3);
      expect(mails[2]!.subject).toBe('New 1-star review for Batch Bistro');
      expect(mails[2]!.textBody).toContain('Dirty table');
      // Between any two alerts: at least 10 minutes.
      const window = await server.deps.db
        .selectFrom('lowRatingAlertWindows')
        .select('lastSentAt')
        .where('ownerId', '=', owner.id)
        .executeTakeFirstOrThrow();
      expect(window.lastSentAt).toEqual(at(20.2));
    });

    it('sends the daily digest of the last day’s 1-3 star reviews once, after 09:00 IST', async () => {
      const owner = await createTestOwner(server, { email: 'daily@owner.test', dailyDigest: true });
      // 10:00 IST on 2026-03-10 is 04:30 UTC.
      const now = new Date('2026-03-10T04:30:00Z');
      expect(digestSlot(now)).toEqual({ at: new Date('2026-03-10T03:30:00Z'), date: '2026-03-10' });
      expect(digestSlot(new Date('2026-03-10T03:00:00Z')).date).toBe('2026-03-09');
      await submit(owner, {
        rating: 2,
        message: 'Yesterday evening: cold food',
        createdAt: new Date('2026-03-09T14:00:00Z'),
      });
      await submit(owner, {
        rating: 3,
        message: 'Early morning: ok ok',
        createdAt: new Date('2026-03-10T02:00:00Z'),
      });
      await submit(owner, { rating: 5, message: 'Great!', createdAt: new Date('2026-03-09T15:00:00Z') });
      await submit(owner, {
        rating: 1,
        message: 'Too old for this digest',
        createdAt: new Date('2026-03-08T12:00:00Z'),
      });
      const deps: TNotifyDeps = { ...server.deps, now: () => now };
      expect(await sendDigests(deps)).toBeGreaterThanOrEqual(1);
      const mails = await listEmails(server.deps.db, { to: 'daily@owner.test' });
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toContain('2 low-rating reviews');
      expect(mails[0]!.textBody).toContain('cold food');
      expect(mails[0]!.textBody).toContain('ok ok');
      expect(mails[0]!.textBody).not.toContain('Great!');
      expect(mails[0]!.textBody).not.toContain('Too old');
      // Later ticks the same day send nothing more.
      await sendDigests({ ...deps, now: () => new Date('2026-03-10T10:00:00Z') });
      expect(await listEmails(server.deps.db, { to: 'daily@owner.test' })).toHaveLength(1);
    });

    it('reminds the owner once when a negative review has no reply after 48 hours', async () => {
      const owner = await createTestOwner(server, { email: 'remind@owner.test', plan: 'professional' });
      const created = new Date(Date.now() - 60 * 60 * 1000);
      const unanswered = await submit(owner, {
        rating: 1,
        message: 'Rude staff, worst service',
        createdAt: created,
      });
      const answered = await submit(owner, { rating: 2, message: 'Stale bread, bekar', createdAt: created });
      await server.deps.db
        .updateTable('reviews')
        .set({ followedUpAt: new Date() })
        .where('id', '=', answered.id)
        .execute();
      await submit(owner, { rating: 5, message: 'Excellent!', createdAt: created });
      const later = (hours: number): TNotifyDeps => ({
        ...server.deps,
        now: () => new Date(created.getTime() + hours * 3600_000),
      });
      const reminders = async () =>
        (await listEmails(server.deps.db, { to: 'remind@owner.test' })).filter(
          (m) => m.category === 'reply-reminder',
        );
      await sendReminders(later(47));
      expect(await reminders()).toHaveLength(0);
      await sendReminders(later(49));
      const sent = await reminders();
      expect(sent).toHaveLength(1);
      expect(sent[0]!.textBody).toContain('Rude staff, worst service');
      expect(sent[0]!.textBody).not.toContain('Stale bread');
      await sendReminders(later(60));
      expect(await reminders()).toHaveLength(1);
      expect(unanswered.id).toBeGreaterThan(0);
    });

    it('never tells an Essential owner a QR review waits for their reply: their plan sends the standard reply itself', async () => {
      const owner = await createTestOwner(server, {
        email: 'essential-remind@owner.test',
        plan: 'essential',
      });
      const created = new Date(Date.now() - 60 * 60 * 1000);
      await submit(owner, { rating: 1, message: 'Cold food, rude staff', createdAt: created });
      // A Google review waits for a reply on any plan: every owner can publish one on Google.
      await googleReview(owner.id, created, 1, 'Terrible on Google too');
      const later: TNotifyDeps = { ...server.deps, now: () => new Date(created.getTime() + 49 * 3600_000) };
      await sendReminders(later);
      await sendReminders(later);
      const reminders = (await listEmails(server.deps.db, { to: 'essential-remind@owner.test' })).filter(
        (m) => m.category === 'reply-reminder',
      );
      expect(reminders.map((m) => m.subject)).toEqual([
        `Reminder: a 1-star Google review for ${owner.businessName} is waiting for your reply`,
      ]);
      expect(reminders[0]!.textBody).not.toContain('Cold food, rude staff');
    });
  });

  it('sentiment:recompute rewrites labels in batches and reports what changed', async () => {
    const owner = await createTestOwner(server);
    const rows = [];
    for (const message of ['khana bahut accha tha', 'service bekar thi', 'अच्छा नहीं था']) {
      rows.push(await insertReview(server.deps.db, { ownerId: owner.id, rating: 3, message }));
    }
    const output = await recomputeSentiment(server.deps.db, { batchSize: 2 });
    expect(output).toMatch(/Recomputed sentiment for \d+ review\(s\): \d+ changed\./);
    const labels = await Promise.all(
      rows.map(async (r) => (await findReviewById(server.deps.db, r.id))?.sentimentLabel),
    );
    expect(labels).toEqual(['positive', 'negative', 'negative']);
    expect(await recomputeSentiment(server.deps.db)).toMatch(/: 0 changed\./);
  });
});
