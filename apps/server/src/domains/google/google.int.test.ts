import { GOOGLE_TEXTS } from '@starloop/contract';
import { findGoogleConnection, listEmails, updateGoogleConnection } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callProcedure } from '../../test/admin-auth-cases.ts';
import { fakeGoogleEnv, startFakeGoogle, type TFakeGoogle } from '../../test/fake-google.ts';
import { bearer } from '../../test/requests-kit.ts';
import {
  createTestOwner,
  createTestServer,
  issueOwnerToken,
  type TTestServer,
} from '../../test/test-server.ts';
import { GOOGLE_REPLY_QUEUE_OPTIONS, GOOGLE_SYNC_QUEUE_OPTIONS } from './google.jobs.ts';
import { GoogleApiError } from './google-api.client.ts';
import { openToken } from './google-auth.service.ts';
import { publishDueGoogleReplies, runGoogleReplyJob } from './google-reply.worker.ts';
import { runGoogleSync } from './google-sync.worker.ts';

/*
 * Google reviews against the fake Google on loopback (issue 20): OAuth with PKCE and state, token
 * refresh and revocation, sealed tokens, the paged import, pushes, publishing exactly once, the
 * auto-publish rules on a fixed clock, quota backoff, and owners kept apart.
 */

const MINUTE = 60_000;

const waitFor = async <T>(check: () => Promise<T | undefined | false>, timeoutMs = 60_000): Promise<T> => {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe(`Google reviews on ${testDriverName()}`, () => {
  let fake: TFakeGoogle;
  let server: TTestServer;
  /** The server's clock: real time plus an offset the tests move. */
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);

  const A = { account: 'accounts/111', location: 'locations/1001' };
  const B = { account: 'accounts/222', location: 'locations/2002' };
  const parentA = `${A.account}/${A.location}`;
  const parentB = `${B.account}/${B.location}`;

  beforeAll(async () => {
    fake = await startFakeGoogle();
    fake.addUser('user-a', [
      {
        name: A.account,
        accountName: 'Sharma Family',
        locations: [
          {
            name: A.location,
            title: 'Sharma Sweets, Pune',
            newReviewUri: 'https://g.page/r/sharma-sweets/review',
          },
          {
            name: 'locations/1002',
            title: 'Sharma Sweets, Mumbai',
            newReviewUri: 'https://g.page/r/sharma-mumbai/review',
          },
        ],
      },
    ]);
    fake.addUser('user-b', [
      {
        name: B.account,
        accountName: 'Mehta Cafe',
        locations: [
          { name: B.location, title: 'Mehta Cafe', newReviewUri: 'https://g.page/r/mehta-cafe/review' },
        ],
      },
    ]);
    server = await createTestServer(
      { ...fakeGoogleEnv(fake), GOOGLE_HTTP_TIMEOUT_MS: '400', GOOGLE_RETRY_BASE_MS: '40' },
      { now: clock },
    );
  });
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  const authFor = async (ownerId: number) => bearer((await issueOwnerToken(server, ownerId)).token);
  const query = (path: string, headers: Record<string, string>, input?: unknown) =>
    callProcedure(server, { path, kind: 'query', input }, headers);
  const mutate = (path: string, headers: Record<string, string>, input?: unknown) =>
    callProcedure(server, { path, kind: 'mutation', input }, headers);
  const data = (res: { statusCode: number; body: string; json: () => { result: { data: unknown } } }) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result.data as never;
  };

  /** Google's consent round trip, as the browser makes it: the fake approves at once. */
  async function consent(auth: Record<string, string>, googleUser: string) {
    const { authorizationUrl } = data(await mutate('owner.google.connect', auth)) as {
      authorizationUrl: string;
    };
    fake.consentUser = googleUser;
    const res = await fetch(authorizationUrl, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    return {
      authorizationUrl: new URL(authorizationUrl),
      back,
      code: back.searchParams.get('code')!,
      state: back.searchParams.get('state')!,
    };
  }

  async function connectedOwner(
    googleUser: string,
    location: { account: string; location: string },
    email?: string,
  ) {
    const owner = await createTestOwner(server, email ? { email } : {});
    const auth = await authFor(owner.id);
    const { code, state } = await consent(auth, googleUser);
    data(await mutate('owner.google.finishConnect', auth, { code, state }));
    const selected = await mutate('owner.google.selectLocation', auth, {
      accountName: location.account,
      locationName: location.location,
    });
    expect(selected.statusCode, selected.body).toBe(200);
    await waitFor(async () => (await findGoogleConnection(server.deps.db, owner.id))?.firstImportDone);
    return { owner, auth };
  }

  const googleRows = (ownerId: number) =>
    server.deps.db
      .selectFrom('googleReviews')
      .selectAll()
      .where('ownerId', '=', ownerId)
      .orderBy('id')
      .execute();
  const rowByName = (ownerId: number, name: string) =>
    server.deps.db
      .selectFrom('googleReviews')
      .selectAll()
      .where('ownerId', '=', ownerId)
      .where('reviewName', '=', name)
      .executeTakeFirst();
  /** The outbox mails of one category to one address. */
  const outboxMails = async (to: string, category: string) =>
    (await listEmails(server.deps.db, { to })).filter((mail) => mail.category === category);

  describe('connecting (OAuth 2.0 authorization code with PKCE and state)', () => {
    it('sends the owner to Google with S256 PKCE, offline access and a state; refuses a wrong state', async () => {
      const owner = await createTestOwner(server);
      const auth = await authFor(owner.id);
      const first = await consent(auth, 'user-a');
      const params = first.authorizationUrl.searchParams;
      expect(first.authorizationUrl.origin + first.authorizationUrl.pathname).toBe(
        `${fake.url}/o/oauth2/v2/auth`,
      );
      expect(Object.fromEntries(params)).toMatchObject({
        client_id: fake.clientId,
        response_type: 'code',
        scope: 'https://www.googleapis.com/auth/business.manage',
        access_type: 'offline',
        prompt: 'consent',
        code_challenge_method: 'S256',
        redirect_uri: `${server.config.appUrl}/dashboard/settings`,
      });
      expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(params.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(first.state).toBe(params.get('state'));
      // Only the state's hash is stored, and the verifier is sealed.
      const stored = await server.deps.db
        .selectFrom('googleOauthStates')
        .selectAll()
        .where('ownerId', '=', owner.id)
        .execute();
      expect(JSON.stringify(stored)).not.toContain(first.state);

      const wrong = await mutate('owner.google.finishConnect', auth, {
        code: first.code,
        state: 'x'.repeat(43),
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.message).toBe(GOOGLE_TEXTS.stateInvalid);

      // The state is bound to its owner: another owner cannot spend it (and does not use it up).
      const other = await createTestOwner(server);
      const stolen = await mutate('owner.google.finishConnect', await authFor(other.id), first);
      expect(stolen.statusCode).toBe(400);
      expect(stolen.json().error.message).toBe(GOOGLE_TEXTS.stateInvalid);

      // PKCE: a code spent with another round trip's verifier is refused by Google.
      const second = await consent(auth, 'user-a');
      const crossed = await mutate('owner.google.finishConnect', auth, {
        code: first.code,
        state: second.state,
      });
      expect(crossed.statusCode).toBe(400);
      expect(crossed.json().error.message).toBe(GOOGLE_TEXTS.consentFailed);
      const tokenCall = fake.requests.filter((r) => r.method === 'POST' && r.path === '/token').at(-1);
      expect(tokenCall?.status).toBe(400);

      const ok = await mutate('owner.google.finishConnect', auth, { code: first.code, state: first.state });
      expect(data(ok)).toMatchObject({ enabled: true, status: 'choose_location' });
      // Single use.
      const again = await mutate('owner.google.finishConnect', auth, {
        code: first.code,
        state: first.state,
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().error.message).toBe(GOOGLE_TEXTS.stateInvalid);
    });

    it('lets a state expire after 10 minutes', async () => {
      const owner = await createTestOwner(server);
      const auth = await authFor(owner.id);
      const { code, state } = await consent(auth, 'user-a');
      offsetMs += 11 * MINUTE;
      try {
        const late = await mutate('owner.google.finishConnect', auth, { code, state });
        expect(late.statusCode).toBe(400);
        expect(late.json().error.message).toBe(GOOGLE_TEXTS.stateInvalid);
      } finally {
        offsetMs -= 11 * MINUTE;
      }
    });

    it('stores the tokens sealed: the raw table, the answers and the logs of the flow hold no token', async () => {
      const owner = await createTestOwner(server);
      const auth = await authFor(owner.id);
      const { code, state } = await consent(auth, 'user-a');
      const finished = await mutate('owner.google.finishConnect', auth, { code, state });
      const locations = await query('owner.google.locations', auth);
      const status = await query('owner.google.status', auth);
      const { rows } = await sql`select * from google_connections where owner_id = ${owner.id}`.execute(
        server.deps.db,
      );
      expect(rows).toHaveLength(1);
      const raw = JSON.stringify(rows);
      const tokens = fake.issuedTokens();
      expect(tokens.length).toBeGreaterThan(0);
      for (const token of tokens) {
        expect(raw).not.toContain(token);
        for (const res of [finished, locations, status]) expect(res.body).not.toContain(token);
      }
      // Sealed under the configured key (derived from TOKEN_SECRET here): it opens back to a token Google gave.
      const connection = await findGoogleConnection(server.deps.db, owner.id);
      const refresh = openToken(server.config.google.tokenKey, connection!.refreshTokenSealed);
      expect(tokens).toContain(refresh);
      expect(
        openToken('another key of at least thirty-two characters', connection!.refreshTokenSealed),
      ).toBeUndefined();
    });

    it("lists only the owner's own Google accounts and locations, and refuses anyone else's location", async () => {
      const owner = await createTestOwner(server);
      const auth = await authFor(owner.id);
      const { code, state } = await consent(auth, 'user-a');
      data(await mutate('owner.google.finishConnect', auth, { code, state }));
      const locations = data(await query('owner.google.locations', auth)) as {
        accounts: { name: string; locations: { name: string; newReviewUri: string }[] }[];
      };
      expect(locations.accounts.map((a) => a.name)).toEqual([A.account]);
      expect(locations.accounts[0]!.locations.map((l) => l.name)).toEqual([A.location, 'locations/1002']);
      const foreign = await mutate('owner.google.selectLocation', auth, {
        accountName: B.account,
        locationName: B.location,
      });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().error.message).toBe(GOOGLE_TEXTS.locationUnknown);
      // The review link may come from the location's "write a review" link.
      const chosen = await mutate('owner.google.selectLocation', auth, {
        accountName: A.account,
        locationName: 'locations/1002',
        useForReviewLink: true,
      });
      expect(data(chosen)).toMatchObject({ status: 'active', locationTitle: 'Sharma Sweets, Mumbai' });
      const me = await server.app.inject({ method: 'GET', url: '/api/users/me', headers: auth });
      expect(me.json().user.reviewLink).toBe('https://g.page/r/sharma-mumbai/review');
    });
  });

  describe('import and sync', () => {
    it('imports 2,500 reviews page by page with progress, drafts a reply for each unanswered one', async () => {
      const parent = `accounts/333/locations/3003`;
      fake.addUser('user-big', [
        {
          name: 'accounts/333',
          accountName: 'Big',
          locations: [
            { name: 'locations/3003', title: 'Big Dhaba', newReviewUri: 'https://g.page/r/big/review' },
          ],
        },
      ]);
      fake.addReviews(parent, 2500);
      const pagesBefore = fake.requests.length;
      const { owner, auth } = await connectedOwner('user-big', {
        account: 'accounts/333',
        location: 'locations/3003',
      });
      const status = data(await query('owner.google.status', auth)) as {
        sync: Record<string, unknown>;
        reviewCount: number;
      };
      expect(status.reviewCount).toBe(2500);
      expect(status.sync).toMatchObject({
        state: 'idle',
        firstImportDone: true,
        importDone: 2500,
        importTotal: 2500,
        lastError: null,
      });
      // Distinct pages: on a loaded machine a page that timed out is asked for again.
      const pages = new Set(
        fake.requests
          .slice(pagesBefore)
          .filter((r) => r.path.startsWith(`/v4/${parent}/reviews?`))
          .map((r) => r.path),
      ).size;
      expect(pages).toBe(50);
      const rows = await googleRows(owner.id);
      expect(rows).toHaveLength(2500);
      const answered = rows.filter((r) => r.googleReply);
      expect(answered).toHaveLength(250);
      expect(answered.every((r) => r.replyStatus === 'published')).toBe(true);
      const open = rows.filter((r) => !r.googleReply);
      expect(open.every((r) => r.replyStatus === 'drafted' && (r.replyDraft ?? '').length > 20)).toBe(true);
      // History neither alerts nor reminds.
      expect(rows.every((r) => r.ownerNotifiedAt && r.reminderSentAt)).toBe(true);

      const list = data(
        await query('owner.dashboard.reviews', auth, { page: 1, limit: 50, source: 'google' }),
      ) as {
        reviews: { source: string; google: { reviewerName: string } }[];
        meta: { total: number };
      };
      expect(list.meta.total).toBe(2500);
      expect(list.reviews.every((r) => r.source === 'google')).toBe(true);
      const stats = data(await query('owner.dashboard.stats', auth)) as {
        totalReviews: number;
        sources: string[];
        bySource: { google: { count: number } };
      };
      expect(stats).toMatchObject({
        totalReviews: 2500,
        sources: ['qr', 'google'],
        bySource: { google: { count: 2500 } },
      });
      const qrOnly = data(await query('owner.dashboard.stats', auth, { source: 'qr' })) as {
        totalReviews: number;
        sources: string[];
      };
      expect(qrOnly).toMatchObject({ totalReviews: 0, sources: ['qr'] });
      // The spec's REST answer keeps counting QR reviews only.
      const rest = await server.app.inject({ method: 'GET', url: '/api/users/stats', headers: auth });
      expect(rest.json()).toMatchObject({ totalReviews: 0, reviews: [] });
    }, 180_000);

    it('shows QR and Google reviews together, newest first, marked by source and filtered by source', async () => {
      const { owner, auth } = await connectedOwner('user-a', A);
      const old = fake.addReview(parentA, {
        rating: 4,
        comment: 'Good jalebi',
        reviewer: 'Asha',
        createTime: new Date(Date.now() - 60 * MINUTE),
      });
      await runGoogleSync(server.deps, { ownerId: owner.id, kind: 'review', reviewName: old.name });
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/reviews/',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.77.0.1' },
        payload: JSON.stringify({ code: owner.code, rating: 5, message: 'Scanned the QR, lovely' }),
      });
      expect(res.statusCode).toBe(201);
      const all = data(await query('owner.dashboard.reviews', auth, { page: 1, limit: 10 })) as {
        reviews: { source: string; message: string }[];
      };
      expect(all.reviews.slice(0, 2).map((r) => [r.source, r.message])).toEqual([
        ['qr', 'Scanned the QR, lovely'],
        ['google', 'Good jalebi'],
      ]);
      const searched = data(
        await query('owner.dashboard.reviews', auth, {
          page: 1,
          limit: 10,
          search: 'asha',
          source: 'google',
        }),
      ) as { reviews: { message: string }[] };
      expect(searched.reviews.map((r) => r.message)).toEqual(['Good jalebi']);
      const qr = data(await query('owner.dashboard.reviews', auth, { page: 1, limit: 10, source: 'qr' })) as {
        reviews: { source: string }[];
      };
      expect(qr.reviews.every((r) => r.source === 'qr')).toBe(true);
    });

    it('reflects a pushed new review, an edit and a deletion; alerts on a new low rating', async () => {
      const { owner, auth } = await connectedOwner('user-a', A, 'owner-push@starloop.test');
      const audience = server.config.google.pubsub.audience;
      const push = async (type: string, reviewName: string, token?: string) =>
        server.app.inject({
          method: 'POST',
          url: '/api/google/pubsub',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${token ?? (await fake.signPushToken({ audience }))}`,
          },
          payload: JSON.stringify({
            message: {
              data: Buffer.from(
                JSON.stringify({ type, review_name: reviewName, location_name: parentA }),
              ).toString('base64'),
              messageId: '1',
            },
            subscription: 'projects/p/subscriptions/s',
          }),
        });

      const review = fake.addReview(parentA, {
        rating: 2,
        comment: 'Stale samosa and rude staff',
        reviewer: 'Vikram',
      });
      // Only our subscription's signed token is accepted.
      for (const token of [
        'not-a-jwt',
        await fake.signPushToken({ audience: 'https://someone-else.example/push' }),
        await fake.signPushToken({ audience, email: 'intruder@evil.iam.gserviceaccount.com' }),
      ]) {
        expect((await push('NEW_REVIEW', review.name, token)).statusCode).toBe(401);
      }
      const unsigned = await server.app.inject({
        method: 'POST',
        url: '/api/google/pubsub',
        payload: { message: {} },
      });
      expect(unsigned.statusCode).toBe(401);

      expect((await push('NEW_REVIEW', review.name)).statusCode).toBe(204);
      const stored = await waitFor(() => rowByName(owner.id, review.name));
      expect(stored).toMatchObject({
        rating: 2,
        comment: 'Stale samosa and rude staff',
        reviewerName: 'Vikram',
        replyStatus: 'drafted',
        sentimentLabel: 'negative',
      });
      expect(stored.replyDraft).toContain('Vikram');
      // It opened a feedback case, whose alert tells the owner (in place of the low-rating email).
      const alert = await waitFor(
        async () => (await outboxMails('owner-push@starloop.test', 'case-alert'))[0],
      );
      expect(alert.textBody).toContain('Stale samosa and rude staff');
      expect(await outboxMails('owner-push@starloop.test', 'low-rating-alert')).toEqual([]);

      fake.editReview(review.name, { rating: 5, comment: 'Came back: much better now!' });
      expect((await push('UPDATED_REVIEW', review.name)).statusCode).toBe(204);
      const edited = await waitFor(async () => {
        const row = await rowByName(owner.id, review.name);
        return row?.rating === 5 ? row : undefined;
      });
      expect(edited).toMatchObject({
        comment: 'Came back: much better now!',
        sentimentLabel: 'positive',
        replyStatus: 'drafted',
      });
      expect(edited.replyDraft).not.toBe(stored.replyDraft);

      fake.deleteReview(review.name);
      expect((await push('UPDATED_REVIEW', review.name)).statusCode).toBe(204);
      await waitFor(async () => (await rowByName(owner.id, review.name))?.deletedAt);
      const list = data(
        await query('owner.dashboard.reviews', auth, { page: 1, limit: 50, source: 'google' }),
      ) as { reviews: { message: string }[] };
      expect(list.reviews.map((r) => r.message)).not.toContain('Came back: much better now!');

      // A deletion without a push: the on-demand full sync finds it (Google answers 404 for it).
      const quiet = fake.addReview(parentA, { rating: 3, comment: 'Okay-ish' });
      await runGoogleSync(server.deps, { ownerId: owner.id, kind: 'review', reviewName: quiet.name });
      fake.deleteReview(quiet.name);
      expect(data(await mutate('owner.google.sync', auth))).toMatchObject({ success: true });
      await waitFor(async () => (await rowByName(owner.id, quiet.name))?.deletedAt);
    });

    it('backs off on quota errors (429) and Google faults (503), then records and clears the error', async () => {
      const { owner } = await connectedOwner('user-a', A);
      const started = fake.requests.length;
      fake.fail({ match: /^GET \/v4\/.*\/reviews\?/, status: 429, times: 2 });
      fake.fail({ match: /^GET \/v4\/.*\/reviews\?/, status: 503, times: 1 });
      await runGoogleSync(server.deps, { ownerId: owner.id, kind: 'full' });
      const lists = fake.requests.slice(started).filter((r) => /\/reviews\?/.test(r.path));
      expect(lists.slice(0, 4).map((r) => r.status)).toEqual([429, 429, 503, 200]);
      const gaps = lists.slice(1, 4).map((r, i) => r.at - lists[i]!.at);
      // 40 ms, 80 ms, 160 ms (+ up to a tenth of jitter): each wait doubles.
      expect(gaps[0]).toBeGreaterThanOrEqual(38);
      expect(gaps[1]).toBeGreaterThanOrEqual(78);
      expect(gaps[2]).toBeGreaterThanOrEqual(158);
      expect(gaps[1]!).toBeGreaterThan(gaps[0]!);
      expect(gaps[2]!).toBeGreaterThan(gaps[1]!);

      // Past the retries of one call: the job fails (pg-boss retries it later with backoff) and says why.
      fake.fail({ match: /^GET \/v4\/.*\/reviews\?/, status: 429, times: 4, retryAfter: '0' });
      await expect(runGoogleSync(server.deps, { ownerId: owner.id, kind: 'full' })).rejects.toBeInstanceOf(
        GoogleApiError,
      );
      expect((await findGoogleConnection(server.deps.db, owner.id))?.lastError).toMatch(/quota/i);
      expect(GOOGLE_SYNC_QUEUE_OPTIONS).toMatchObject({ retryBackoff: true, retryDelay: 60 });
      expect(GOOGLE_REPLY_QUEUE_OPTIONS).toMatchObject({ retryBackoff: true });
      await runGoogleSync(server.deps, { ownerId: owner.id, kind: 'full' });
      expect((await findGoogleConnection(server.deps.db, owner.id))?.lastError).toBeNull();
    });
  });

  describe('tokens', () => {
    it('refreshes an expired access token, and on invalid_grant shows reconnect and emails once', async () => {
      const { owner, auth } = await connectedOwner('user-b', B, 'owner-revoked@starloop.test');
      const refreshes = () => fake.requests.filter((r) => r.path === '/token').length;
      const before = refreshes();
      // Google expired the token early: the 401 refreshes it once and the call succeeds.
      fake.expireAccessTokens();
      await runGoogleSync(server.deps, { ownerId: owner.id, kind: 'incremental' });
      expect(refreshes()).toBe(before + 1);
      // Our own record says it expired: renewed before the call.
      await updateGoogleConnection(server.deps.db, owner.id, {
        accessTokenExpiresAt: new Date(Date.now() - MINUTE),
      });
      await runGoogleSync(server.deps, { ownerId: owner.id, kind: 'incremental' });
      expect(refreshes()).toBe(before + 2);

      fake.revokeUserGrants('user-b');
      fake.expireAccessTokens();
      await expect(runGoogleSync(server.deps, { ownerId: owner.id, kind: 'incremental' })).rejects.toThrow(
        /revoked/,
      );
      const status = data(await query('owner.google.status', auth));
      expect(status).toMatchObject({ status: 'revoked', sync: { lastError: GOOGLE_TEXTS.revoked } });
      const connection = await findGoogleConnection(server.deps.db, owner.id);
      expect(connection).toMatchObject({ refreshTokenSealed: '', accessTokenSealed: null });
      expect((await runGoogleSync(server.deps, { ownerId: owner.id, kind: 'incremental' })).status).toBe(
        'skipped',
      );
      const mails = await outboxMails('owner-revoked@starloop.test', 'google-reconnect');
      expect(mails).toHaveLength(1);
      const publish = await mutate('owner.google.sync', auth);
      expect(publish.statusCode).toBe(409);
      expect(publish.json().error.message).toBe(GOOGLE_TEXTS.revoked);

      // Reconnecting keeps the location: the connection is active again and syncs.
      const again = await consent(auth, 'user-b');
      expect(
        data(await mutate('owner.google.finishConnect', auth, { code: again.code, state: again.state })),
      ).toMatchObject({
        status: 'active',
        locationName: B.location,
      });
      expect((await runGoogleSync(server.deps, { ownerId: owner.id, kind: 'incremental' })).status).toBe(
        'done',
      );
      expect(await findGoogleConnection(server.deps.db, owner.id)).toMatchObject({
        revokedNoticeSentAt: null,
        lastError: null,
      });
    });

    it('disconnecting revokes the grant at Google and deletes tokens and imported reviews', async () => {
      fake.addReview(parentB, { rating: 5, comment: 'Best coffee' });
      const { owner, auth } = await connectedOwner('user-b', B);
      const connection = await findGoogleConnection(server.deps.db, owner.id);
      const refresh = openToken(server.config.google.tokenKey, connection!.refreshTokenSealed)!;
      expect(fake.refreshTokenLive(refresh)).toBe(true);
      expect((await googleRows(owner.id)).length).toBeGreaterThan(0);
      expect(data(await mutate('owner.google.disconnect', auth))).toMatchObject({
        success: true,
        message: GOOGLE_TEXTS.disconnected,
      });
      expect(fake.refreshTokenLive(refresh)).toBe(false);
      expect(await findGoogleConnection(server.deps.db, owner.id)).toBeUndefined();
      expect(await googleRows(owner.id)).toHaveLength(0);
      expect(data(await query('owner.google.status', auth))).toMatchObject({ status: 'not_connected' });
      // Both ends of the grant are in the owner's audit trail, without any token.
      const trail = await server.deps.db
        .selectFrom('auditLog')
        .select(['action', 'targetTable', 'targetId', 'details'])
        .where('actorKind', '=', 'owner')
        .where('actorId', '=', owner.id)
        .where('action', 'in', ['google.connect', 'google.disconnect'])
        .orderBy('id')
        .execute();
      expect(trail).toEqual([
        { action: 'google.connect', targetTable: 'owners', targetId: owner.id, details: {} },
        { action: 'google.disconnect', targetTable: 'owners', targetId: owner.id, details: {} },
      ]);
      expect(JSON.stringify(trail)).not.toContain(refresh);
    });
  });

  describe('replies', () => {
    it('publishes a reply exactly once across a timeout and a retry', async () => {
      const { owner, auth } = await connectedOwner('user-a', A);
      const review = fake.addReview(parentA, { rating: 1, comment: 'Waited an hour', reviewer: 'Ravi' });
      await runGoogleSync(server.deps, { ownerId: owner.id, kind: 'review', reviewName: review.name });
      const row = (await rowByName(owner.id, review.name))!;
      expect(row.replyStatus).toBe('drafted');

      fake.hangNextReplyPut();
      const text = 'Sorry Ravi, we have spoken to the kitchen team. Please call us on 98xxxxxxx.';
      const published = await mutate('owner.google.publishReply', auth, { id: row.id, text });
      expect(data(published)).toMatchObject({ source: 'google', google: { replyStatus: 'publishing' } });
      // A second click while it is on its way is refused: one publish at a time.
      const twice = await mutate('owner.google.publishReply', auth, { id: row.id, text });
      expect(twice.statusCode).toBe(409);

      // The worker's PUT reaches Google, but the answer never comes back: the attempt times out.
      const attempted = await waitFor(async () => {
        const current = await rowByName(owner.id, review.name);
        return current?.replyError ? current : undefined;
      });
      expect(attempted.replyStatus).toBe('publishing');
      expect(attempted.publishAttemptedAt).not.toBeNull();
      expect(fake.replyPuts.get(review.name)).toBe(1);

      // The retry (as pg-boss runs it after its backoff) asks Google first and sends nothing again.
      const key = attempted.publishKey!;
      expect(
        await runGoogleReplyJob(server.deps, { kind: 'publish', reviewId: row.id, key }, { retryCount: 1 }),
      ).toBe('confirmed');
      expect(
        await runGoogleReplyJob(server.deps, { kind: 'publish', reviewId: row.id, key }, { retryCount: 2 }),
      ).toBe('skipped');
      expect(fake.replyPuts.get(review.name)).toBe(1);
      expect(fake.review(review.name)?.reviewReply?.comment).toBe(text);
      const done = (await rowByName(owner.id, review.name))!;
      expect(done).toMatchObject({ replyStatus: 'published', googleReply: text, replyError: null });
      const shown = data(await query('owner.dashboard.review', auth, { id: row.id, source: 'google' }));
      expect(shown).toMatchObject({
        replyStatus: 'sent',
        google: { replyStatus: 'published', googleReply: text },
      });
    });

    it('auto-publishes 4-5 stars after 2 hours and always asks for 1-3 (fixed clock)', async () => {
      const { owner, auth } = await connectedOwner('user-a', A);
      // A 5-star review from before the connection (history) keeps its draft whatever the rules say.
      const rules = {
        rules: [
          { rating: 1, mode: 'ask', delayMinutes: 0 },
          { rating: 2, mode: 'ask', delayMinutes: 0 },
          { rating: 3, mode: 'ask', delayMinutes: 0 },
          { rating: 4, mode: 'auto', delayMinutes: 120 },
          { rating: 5, mode: 'auto', delayMinutes: 120 },
        ],
      };
      expect(data(await mutate('owner.google.updateRules', auth, rules))).toMatchObject({
        replyRules: rules.rules,
      });

      const start = clock();
      const happy = fake.addReview(parentA, {
        rating: 5,
        comment: 'Superb kaju katli',
        reviewer: 'Neha',
        createTime: start,
      });
      const sad = fake.addReview(parentA, {
        rating: 2,
        comment: 'Too sweet',
        reviewer: 'Imran',
        createTime: start,
      });
      for (const r of [happy, sad])
        await runGoogleSync(server.deps, { ownerId: owner.id, kind: 'review', reviewName: r.name });
      const scheduled = (await rowByName(owner.id, happy.name))!;
      expect(scheduled.replyStatus).toBe('scheduled');
      expect(scheduled.publishAfter?.getTime()).toBe(start.getTime() + 120 * MINUTE);
      expect((await rowByName(owner.id, sad.name))?.replyStatus).toBe('drafted');

      try {
        offsetMs += 119 * MINUTE;
        await publishDueGoogleReplies(server.deps);
        expect(fake.replyPuts.get(happy.name)).toBeUndefined();
        offsetMs += 2 * MINUTE;
        await publishDueGoogleReplies(server.deps);
        expect(fake.replyPuts.get(happy.name)).toBe(1);
        expect((await rowByName(owner.id, happy.name))?.replyStatus).toBe('published');
        expect(fake.review(happy.name)?.reviewReply?.comment).toBe(scheduled.replyDraft);
        offsetMs += 24 * 60 * MINUTE;
        await publishDueGoogleReplies(server.deps);
        expect(fake.replyPuts.get(sad.name)).toBeUndefined();
        expect((await rowByName(owner.id, sad.name))?.replyStatus).toBe('drafted');
        expect(fake.replyPuts.get(happy.name)).toBe(1);
      } finally {
        offsetMs = 0;
      }
    });

    it('reminds the owner of an unanswered negative Google review after 48 hours, once', async () => {
      const { owner } = await connectedOwner('user-a', A, 'owner-remind@starloop.test');
      const review = fake.addReview(parentA, { rating: 1, comment: 'Never again', createTime: clock() });
      await runGoogleSync(server.deps, { ownerId: owner.id, kind: 'review', reviewName: review.name });
      const { sendGoogleReminders } = await import('../replies/notifications.worker.ts');
      try {
        offsetMs += 47 * 60 * MINUTE;
        expect(await sendGoogleReminders(server.deps)).toBe(0);
        offsetMs += 2 * 60 * MINUTE;
        expect(await sendGoogleReminders(server.deps)).toBeGreaterThanOrEqual(1);
        expect(await sendGoogleReminders(server.deps)).toBe(0);
      } finally {
        offsetMs = 0;
      }
      const mail = await outboxMails('owner-remind@starloop.test', 'reply-reminder');
      expect(mail).toHaveLength(1);
      expect(mail[0]!.textBody).toContain('Never again');
    });
  });

  describe('owners kept apart', () => {
    it("never shows one owner another owner's Google data", async () => {
      const a = await connectedOwner('user-a', A);
      const b = await connectedOwner('user-b', B);
      const secret = fake.addReview(parentA, { rating: 4, comment: 'Owner A only', reviewer: 'Zara' });
      await runGoogleSync(server.deps, { ownerId: a.owner.id, kind: 'review', reviewName: secret.name });
      const aRow = (await rowByName(a.owner.id, secret.name))!;

      const peek = await query('owner.dashboard.review', b.auth, { id: aRow.id, source: 'google' });
      expect(peek.statusCode).toBe(404);
      const hijack = await mutate('owner.google.publishReply', b.auth, { id: aRow.id, text: 'Not yours' });
      expect(hijack.statusCode).toBe(404);
      const bList = data(
        await query('owner.dashboard.reviews', b.auth, { page: 1, limit: 50, source: 'google' }),
      ) as { reviews: { message: string }[] };
      expect(bList.reviews.map((r) => r.message)).not.toContain('Owner A only');
      const bStatus = data(await query('owner.google.status', b.auth));
      expect(bStatus).toMatchObject({ locationName: B.location });
      // B's Google grant does not reach A's location, whatever B names.
      const steal = await mutate('owner.google.selectLocation', b.auth, {
        accountName: A.account,
        locationName: A.location,
      });
      expect(steal.statusCode).toBe(400);
      // A push for A's location syncs A only; B's sync cannot fetch A's reviews either.
      const result = await runGoogleSync(server.deps, {
        ownerId: b.owner.id,
        kind: 'review',
        reviewName: secret.name,
      });
      expect(result).toEqual({ status: 'skipped', reason: 'another location' });
      expect(await rowByName(b.owner.id, secret.name)).toBeUndefined();
      expect(fake.replyPuts.get(secret.name)).toBeUndefined();
    });

    it('shows admins who is connected, the last sync and errors (user details and overview)', async () => {
      const { owner } = await connectedOwner('user-a', A);
      const admin = await server.deps.tokens.issue(
        'admin',
        (await import('../../test/test-server.ts').then((m) => m.createTestAdmin(server))).id,
      );
      const details = data(await query('admin.users.google', bearer(admin.token), { id: owner.id }));
      expect(details).toMatchObject({
        status: 'active',
        locationTitle: 'Sharma Sweets, Pune',
        lastError: null,
      });
      expect((details as { lastSyncedAt: string | null }).lastSyncedAt).not.toBeNull();
      const overview = data(await query('admin.overview.stats', bearer(admin.token))) as {
        google: { connected: number };
      };
      expect(overview.google.connected).toBeGreaterThanOrEqual(1);
      // An owner's token is no admin's.
      const refused = await query('admin.users.google', await authFor(owner.id), { id: owner.id });
      expect(refused.statusCode).toBe(401);
    });
  });
});

describe(`Google reviews switched off on ${testDriverName()}`, () => {
  let server: TTestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('hides the feature: status says disabled, every Google operation answers a clear 404', async () => {
    const owner = await createTestOwner(server);
    const auth = bearer((await issueOwnerToken(server, owner.id)).token);
    const status = await callProcedure(server, { path: 'owner.google.status', kind: 'query' }, auth);
    expect(status.json().result.data).toMatchObject({ enabled: false, status: 'not_connected' });
    for (const path of ['owner.google.connect', 'owner.google.disconnect', 'owner.google.sync']) {
      const res = await callProcedure(server, { path, kind: 'mutation' }, auth);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().error.message).toBe(GOOGLE_TEXTS.notEnabled);
    }
    const push = await server.app.inject({ method: 'POST', url: '/api/google/pubsub', payload: {} });
    expect(push.statusCode).toBe(404);
    const stats = await callProcedure(server, { path: 'owner.dashboard.stats', kind: 'query' }, auth);
    expect(stats.json().result.data.sources).toEqual(['qr']);
  });
});
