import { UNSUBSCRIBE_TEXTS } from '@starloop/contract';
import { findReviewById, insertReview, listEmails, type TOwnerPublic, type TReview } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type TReceivedMail, type TSmtpSink } from '../../test/smtp-sink.ts';
import { createTestOwner, createTestServer, type TTestServer } from '../../test/test-server.ts';
import { storeReviews } from '../public/review/review-writer.service.ts';
import { processReplyJob, REPLY_HELD_REASON, type TReplyDeps } from './reply.worker.ts';

const APP_URL = 'https://app.starloop.test';
const VICTIM = 'victim@target.test';
const HOUR = 60 * 60 * 1000;
const PHISH = 'Terrible service. Claim your refund now at https://phish.example/pay?id=1 before it expires';

const waitFor = async (check: () => boolean | Promise<boolean>, timeoutMs = 30_000) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 150));
  }
};

/**
 * The review form must not be a way to mail anyone: a spammer types a victim's address into review
 * forms of many businesses, with a link in the message.
 */
describe(`the review form is no mail relay, on ${testDriverName()}`, () => {
  let sink: TSmtpSink;
  let server: TTestServer;
  let owners: TOwnerPublic[];
  const toVictim = () => sink.messages.filter((m) => m.to.includes(VICTIM));

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await createTestServer({ SMTP_URL: sink.url, APP_URL });
    owners = [];
    for (let i = 0; i < 5; i++) {
      owners.push(
        await createTestOwner(server, {
          plan: 'professional',
          businessName: `Relay Cafe ${i}`,
          email: `relay-owner-${i}@owner.test`,
          notifyLowRatings: false,
        }),
      );
    }
  });
  afterAll(async () => {
    await server?.stop();
    await sink?.close();
  });

  /** A review with its reply job, as the review page stores it. */
  const submit = async (owner: TOwnerPublic, contact: string, message = PHISH) => {
    const [row] = await server.deps.db
      .transaction()
      .execute((trx) =>
        storeReviews(server.deps, trx, [{ owner, rating: 2, message, customerContact: contact }]),
      );
    return row!;
  };
  /** A pending review without a job: its reply is run by hand, with a chosen clock. */
  const pendingReview = (owner: TOwnerPublic, contact: string) =>
    insertReview(server.deps.db, {
      ownerId: owner.id,
      rating: 2,
      message: PHISH,
      customerContact: contact,
      sentimentLabel: 'negative',
      replyStatus: 'pending',
    });
  /** Runs the reply job of one review by hand, on a clock `hours` from now. */
  const replyLater = (hours: number, reviewId: number, jobId: string) => {
    const deps: TReplyDeps = { ...server.deps, now: () => new Date(Date.now() + hours * HOUR) };
    return processReplyJob(deps, { reviewId }, { id: jobId, retryCount: 0 });
  };
  const expectNoLink = (mail: TReceivedMail) => {
    expect(mail.subject).toMatch(/^A reply from Relay Cafe \d to your feedback$/);
    expect(mail.text).not.toMatch(/phish|refund now|\?id=1/i);
    // The only links are StarLoop's own unsubscribe link.
    const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(/^https:\/\/app\.starloop\.test\/api\/unsubscribe\?token=[\w-]+\.[\w-]+$/);
  };

  it('mails one automatic reply per address per day across all businesses, quoting no link', async () => {
    const reviews: TReview[] = [];
    for (const [i, owner] of owners.entries()) {
      reviews.push(await submit(owner, i % 2 ? `Victim <${VICTIM.toUpperCase()}>` : VICTIM));
    }
    await waitFor(async () => {
      const rows = await Promise.all(reviews.map((r) => findReviewById(server.deps.db, r.id)));
      return rows.every((row) => row && row.replyStatus !== 'pending' && row.replyLock === null);
    });
    const rows = await Promise.all(reviews.map((r) => findReviewById(server.deps.db, r.id)));
    expect(rows.filter((row) => row!.replyStatus === 'sent')).toHaveLength(1);
    const held = rows.filter((row) => row!.replyStatus === 'drafted');
    expect(held).toHaveLength(4);
    for (const row of held) expect(row!.replyError).toBe(REPLY_HELD_REASON);
    // Every draft, mailed or not, leaves the customer's text out.
    for (const row of rows) expect(row!.replyText).not.toMatch(/phish|https?:|""/);

    await new Promise((r) => setTimeout(r, 500));
    expect(toVictim()).toHaveLength(1);
    expectNoLink(toVictim()[0]!);

    // The next day the address may get one again (and only one).
    expect(await replyLater(25, (await pendingReview(owners[0]!, VICTIM)).id, 'day-2')).toBe('sent');
    expect(await replyLater(26, (await pendingReview(owners[1]!, VICTIM)).id, 'day-2b')).toBe('drafted');
    expect(toVictim()).toHaveLength(2);
    expectNoLink(toVictim()[1]!);
  });

  it('unsubscribes through the link in the mail, and no mail goes to that address again', async () => {
    const link = toVictim()[0]!.text.match(
      /https:\/\/app\.starloop\.test(\/api\/unsubscribe\?token=\S+)/,
    )![1]!;
    const html = { accept: 'text/html,application/xhtml+xml' };

    // Opening the link (or a mail scanner opening it) only shows the page with its button.
    const page = await server.app.inject({ method: 'GET', url: link, headers: html });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain(UNSUBSCRIBE_TEXTS.confirm);
    expect(page.body).toMatch(/<form method="post" action="\/api\/unsubscribe\?token=[\w.-]+">/);
    expect(page.body).not.toContain(VICTIM);
    expect(await replyLater(50, (await pendingReview(owners[2]!, VICTIM)).id, 'day-3')).toBe('sent');
    expect(toVictim()).toHaveLength(3);

    // The button posts the form.
    const done = await server.app.inject({
      method: 'POST',
      url: link,
      headers: { ...html, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(UNSUBSCRIBE_TEXTS.done);
    // A mail client's one-click request (RFC 8058) and scripts get JSON; a repeat is harmless.
    const again = await server.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true, message: UNSUBSCRIBE_TEXTS.already });
    expect((await server.app.inject({ method: 'GET', url: link, headers: html })).body).toContain(
      UNSUBSCRIBE_TEXTS.already,
    );

    // Days later: no automatic reply, and no other mail either.
    const review = await pendingReview(owners[3]!, VICTIM);
    expect(await replyLater(100, review.id, 'day-5')).toBe('drafted');
    expect((await findReviewById(server.deps.db, review.id))?.replyError).toBe(REPLY_HELD_REASON);
    expect(await server.deps.mailer.send({ to: VICTIM, subject: 'Anything', text: 'Hello' })).toMatchObject({
      status: 'suppressed',
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(toVictim()).toHaveLength(3);
    // Other addresses still get their reply.
    const other = await pendingReview(owners[4]!, 'someone.else@target.test');
    expect(await replyLater(100, other.id, 'other')).toBe('sent');
  });

  it('refuses forged or malformed unsubscribe links, as a page or as JSON', async () => {
    const genuine = toVictim()[0]!.text.match(/token=([\w-]+)\.([\w-]+)/)!;
    const forged = `${genuine[1]}.${'A'.repeat(22)}`;
    for (const url of [
      `/api/unsubscribe?token=${forged}`,
      '/api/unsubscribe?token=nope',
      '/api/unsubscribe',
    ]) {
      const page = await server.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(page.statusCode, url).toBe(400);
      expect(page.body).toContain(UNSUBSCRIBE_TEXTS.invalid);
      const json = await server.app.inject({ method: 'POST', url });
      expect(json.statusCode, url).toBe(400);
      expect(json.json()).toMatchObject({ success: false, message: UNSUBSCRIBE_TEXTS.invalid });
    }
    // The stored copies of the sent replies keep no working unsubscribe link.
    const stored = await listEmails(server.deps.db, { to: VICTIM });
    expect(stored.length).toBeGreaterThanOrEqual(3);
    for (const mail of stored) expect(mail.textBody).not.toContain('token=');
  });
});
