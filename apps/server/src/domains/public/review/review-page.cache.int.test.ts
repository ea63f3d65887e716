import { PUBLIC_TEXTS } from '@starloop/contract';
import { updateOwner } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCases, jsonAs, type TAuthCases } from '../../../test/admin-auth-cases.ts';
import {
  createTestOwner,
  createTestServer,
  issueOwnerToken,
  type TTestServer,
} from '../../../test/test-server.ts';

/** The review page's owner cache, on (as in production), with a long age limit to make staleness visible. */
describe(`review page owner cache on ${testDriverName()}`, () => {
  let server: TTestServer;
  let auth: TAuthCases;
  beforeAll(async () => {
    server = await createTestServer({ APP_URL: 'https://app.starloop.test' }, { reviewPageCacheMs: 60_000 });
    auth = await authCases(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const reviewLink = (code: string) =>
    server.app.inject({ method: 'GET', url: `/api/users/review-link/${code}` });

  it('serves a repeated code from memory: a change made behind its back shows only later', async () => {
    const owner = await createTestOwner(server, { businessName: 'Cached Cafe' });
    expect((await reviewLink(owner.code)).json().businessName).toBe('Cached Cafe');
    // Straight in the database, as another server process would: this process does not know yet.
    await updateOwner(server.deps.db, owner.id, { businessName: 'Renamed Cafe' });
    expect((await reviewLink(owner.code)).json().businessName).toBe('Cached Cafe');
    server.deps.reviewPageCache.clear();
    expect((await reviewLink(owner.code)).json().businessName).toBe('Renamed Cafe');
  });

  it('turns the review page off at once when an admin deactivates the owner, and signs the owner out', async () => {
    const owner = await createTestOwner(server, { businessName: 'Soon Closed' });
    const { token } = await issueOwnerToken(server, owner.id);
    expect((await reviewLink(owner.code)).statusCode).toBe(200);
    const edit = await server.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${owner.id}`,
      ...jsonAs(auth.admin, {
        name: owner.name,
        businessName: owner.businessName,
        contactNumber: owner.contactNumber,
        code: owner.code,
        status: 'inactive',
      }),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const closed = await reviewLink(owner.code);
    expect(closed.statusCode).toBe(410);
    expect(closed.json().message).toBe(PUBLIC_TEXTS.reviewPageInactive);
    const me = await server.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(401);
  });

  it('picks up an owner review-flow change at once', async () => {
    const owner = await createTestOwner(server);
    const { token } = await issueOwnerToken(server, owner.id);
    expect((await reviewLink(owner.code)).json().reviewFlow).toBe('smart');
    const update = await server.app.inject({
      method: 'POST',
      url: '/trpc/owner.settings.update',
      ...jsonAs({ authorization: `Bearer ${token}` }, { reviewFlow: 'open' }),
    });
    expect(update.statusCode, update.body).toBe(200);
    expect((await reviewLink(owner.code)).json().reviewFlow).toBe('open');
  });

  it('remembers unknown codes too, and a business created later is found once the cache is cleared', async () => {
    // On PostgreSQL an earlier test's clear() comes back through the change bus a moment later and
    // would empty the cache mid-test: wait until no clear has arrived for 300 ms.
    let clears = 0;
    server.deps.reviewPageCache.onClear(() => {
      clears += 1;
    });
    for (let quiet = 0; quiet < 3; ) {
      const seen = clears;
      await new Promise((resolve) => setTimeout(resolve, 100));
      quiet = clears === seen ? quiet + 1 : 0;
    }
    // A code of its own per attempt, so a retry does not find the business the first attempt made.
    const code = `not-yet-here-${Date.now().toString(36)}`;
    expect((await reviewLink(code)).statusCode).toBe(404);
    const owner = await createTestOwner(server, { code });
    expect((await reviewLink(owner.code)).statusCode).toBe(404);
    server.deps.reviewPageCache.clear();
    expect((await reviewLink(owner.code)).statusCode).toBe(200);
  });
});
