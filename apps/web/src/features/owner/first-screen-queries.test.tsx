import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountAnswer } from './cases/test/case-fixtures.ts';
import { meta, renderOwner, stats } from './test/owner-test-utils.tsx';

const FIRST_SCREEN = [
  'owner.me',
  'owner.account.get',
  'owner.account.closure',
  'owner.language.get',
  'owner.onboarding.checklist',
  'owner.dashboard.stats',
  'owner.dashboard.reviews',
  'owner.google.status',
  'owner.cases.list',
];

describe('the dashboard first screen asks for its data from the route loaders', () => {
  it('in one request, and the screen asks for none of it again', async () => {
    const app = await renderOwner(
      '/dashboard',
      {
        'owner.dashboard.stats': () => stats(),
        'owner.dashboard.reviews': () => ({ reviews: [], meta: meta(0, 1, 5) }),
        'owner.account.get': () => accountAnswer,
        'owner.language.get': () => ({ language: 'en' }),
        'owner.google.status': () => ({ enabled: false }),
        'owner.onboarding.checklist': () => ({
          steps: [{ key: 'review_link', done: false }],
          done: false,
          dismissed: false,
        }),
      },
      /^Hi, /,
    );
    await screen.findByRole('region', { name: 'Recent Reviews' });
    await screen.findByRole('region', { name: 'Average Rating' });

    for (const path of FIRST_SCREEN) expect(app.server.requests[0]).toContain(path);

    // The components' own queries found the loaders' answers (same keys): nothing was asked twice.
    for (const path of FIRST_SCREEN.filter((p) => p !== 'owner.cases.list')) {
      expect(app.server.callsTo(path), path).toHaveLength(1);
    }
    // The open-case badge (one row) and the phone's "Needs you now" (three): two lists, each once.
    expect(app.server.callsTo('owner.cases.list').map((call) => call.input)).toEqual([
      { status: 'open', limit: 1 },
      { status: 'open', limit: 3 },
    ]);
  });
});
