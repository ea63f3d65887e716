import { ONBOARDING_TEXTS } from '@starloop/contract';
import { insertInvitation, insertPlacement, updateOwner } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestOwner,
  createTestServer,
  issueOwnerToken,
  type TTestServer,
} from '../../../test/test-server.ts';

describe(`the first-run checklist on ${testDriverName()}`, () => {
  let server: TTestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const authOf = async (ownerId: number) => ({
    authorization: `Bearer ${(await issueOwnerToken(server, ownerId)).token}`,
  });
  const checklist = async (headers: Record<string, string>) => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/onboarding/checklist', headers });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const record = (headers: Record<string, string>, event: string) =>
    server.app.inject({
      method: 'POST',
      url: '/trpc/owner.onboarding.record',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ event }),
    });
  const doneOf = (body: { steps: { key: string; done: boolean }[] }) =>
    Object.fromEntries(body.steps.map((step) => [step.key, step.done]));

  it('ticks each step off from what is stored and recorded, and is dismissed only when done', async () => {
    const owner = await createTestOwner(server, { reviewLink: null });
    const auth = await authOf(owner.id);

    const fresh = await checklist(auth);
    // Essential, and no Google on this server: no team step, no Google step.
    expect(fresh).toEqual({
      steps: [
        { key: 'review_link', done: false },
        { key: 'qr_card', done: false },
        { key: 'review_flow', done: false },
        { key: 'placements', done: false },
      ],
      done: false,
      dismissed: false,
    });

    // Not done yet: dismissing is refused, and nothing is recorded.
    const early = await record(auth, 'dismissed');
    expect(early.statusCode).toBe(400);
    expect(early.body).toContain(ONBOARDING_TEXTS.notDone);
    expect((await checklist(auth)).dismissed).toBe(false);

    // Checking the link counts only once a link is saved.
    expect((await record(auth, 'review_link_checked')).statusCode).toBe(200);
    expect(doneOf(await checklist(auth)).review_link).toBe(false);
    await updateOwner(server.deps.db, owner.id, { reviewLink: 'https://g.page/r/test/review' });
    expect(doneOf(await checklist(auth)).review_link).toBe(true);

    const afterQr = (await record(auth, 'qr_card_saved')).json().result.data;
    expect(doneOf(afterQr)).toMatchObject({ qr_card: true, review_flow: false });
    // The same event again changes nothing.
    expect(doneOf((await record(auth, 'qr_card_saved')).json().result.data).qr_card).toBe(true);

    await record(auth, 'review_flow_chosen');
    await insertPlacement(
      server.deps.db,
      { ownerId: owner.id, key: 'onboardKey0001', name: 'Table 1' },
      null,
    );
    const finished = await checklist(auth);
    expect(finished.done).toBe(true);
    expect(finished.steps.every((step: { done: boolean }) => step.done)).toBe(true);

    const dismissed = await server.app.inject({
      method: 'POST',
      url: '/api/v1/onboarding/events',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ event: 'dismissed' }),
    });
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json()).toMatchObject({ done: true, dismissed: true });
  });

  it('asks a Professional branch to invite its team, done once someone is invited', async () => {
    const owner = await createTestOwner(server, { plan: 'professional' });
    const auth = await authOf(owner.id);
    expect(doneOf(await checklist(auth)).team).toBe(false);
    await insertInvitation(server.deps.db, {
      accountId: owner.accountId,
      tokenHash: `onboarding-${owner.id}`,
      name: 'Asha',
      phone: '9876500011',
      email: null,
      role: 'staff',
      businessIds: null,
      invitedBy: null,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    expect(doneOf(await checklist(auth)).team).toBe(true);
  });

  it("keeps each branch's steps to itself and refuses strangers and unknown events", async () => {
    const first = await createTestOwner(server);
    const second = await createTestOwner(server);
    await record(await authOf(first.id), 'qr_card_saved');
    expect(doneOf(await checklist(await authOf(second.id))).qr_card).toBe(false);
    const unknown = await record(await authOf(first.id), 'everything_done');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain(ONBOARDING_TEXTS.eventInvalid);
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/v1/onboarding/checklist' });
    expect(anonymous.statusCode).toBe(401);
  });
});
