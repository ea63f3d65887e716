import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cleanToastsBeforeEach, meta, page, renderOwner, stats } from '../test/owner-test-utils.tsx';
import { CHECKLIST_TEXT, REVIEW_FLOW_POLICY } from './first-run-checklist.tsx';

cleanToastsBeforeEach();

type TStep = { key: string; done: boolean };

/** owner.onboarding.checklist and .record as the server answers them, from a set of done steps. */
function checklistServer(done: string[], dismissed = false) {
  const keys = ['review_link', 'qr_card', 'review_flow', 'placements'];
  const state = { done: new Set(done), dismissed };
  const answer = () => {
    const steps: TStep[] = keys.map((key) => ({ key, done: state.done.has(key) }));
    return { steps, done: steps.every((s) => s.done), dismissed: state.dismissed };
  };
  const events: Record<string, string> = {
    review_link_checked: 'review_link',
    qr_card_saved: 'qr_card',
    review_flow_chosen: 'review_flow',
  };
  return {
    'owner.onboarding.checklist': answer,
    'owner.onboarding.record': (input: unknown) => {
      const { event } = input as { event: string };
      if (event === 'dismissed') state.dismissed = true;
      else state.done.add(events[event] ?? event);
      return answer();
    },
    'owner.settings.get': () => ({ reviewFlow: 'smart', notifyLowRatings: true, dailyDigest: false }),
    'owner.settings.update': (input: unknown) => ({
      reviewFlow: 'smart',
      notifyLowRatings: true,
      dailyDigest: false,
      ...(input as object),
    }),
    'owner.dashboard.stats': () =>
      stats({ totalReviews: 0, averageRating: 0, fiveStarCount: 0, fiveStarPercent: 0 }),
    'owner.dashboard.reviews': () => ({ reviews: [], meta: meta(0) }),
  };
}

const checklist = () => within(screen.getByRole('region', { name: CHECKLIST_TEXT.title }));

describe('the first-run checklist', () => {
  it('shows the next step with what to do, ticks the review flow off when chosen, then hides when closed', async () => {
    const app = await renderOwner('/dashboard', checklistServer(['review_link', 'qr_card']), 'Hi, Asha Rao');
    await screen.findByRole('region', { name: CHECKLIST_TEXT.title });
    expect(checklist().getByText(REVIEW_FLOW_POLICY)).toBeInTheDocument();
    expect(checklist().getByRole('progressbar', { name: '2 of 4 steps done' })).toBeInTheDocument();

    await app.user.click(checklist().getByRole('button', { name: 'Keep Smart routing' }));
    await waitFor(() =>
      expect(app.server.callsTo('owner.onboarding.record').map((c) => c.input)).toEqual([
        { event: 'review_flow_chosen' },
      ]),
    );
    expect(app.server.callsTo('owner.settings.update')[0]?.input).toEqual({ reviewFlow: 'smart' });
    // Placements are next.
    expect(await checklist().findByRole('link', { name: 'add placements' })).toHaveAttribute(
      'href',
      '/dashboard/profile',
    );
    expect(checklist().queryByRole('button', { name: CHECKLIST_TEXT.dismiss })).toBeNull();
  });

  it('can be hidden once every step is done', async () => {
    const app = await renderOwner(
      '/dashboard',
      checklistServer(['review_link', 'qr_card', 'review_flow', 'placements']),
      'Hi, Asha Rao',
    );
    await screen.findByText(CHECKLIST_TEXT.done);
    await app.user.click(checklist().getByRole('button', { name: CHECKLIST_TEXT.dismiss }));
    await waitFor(() => expect(screen.queryByRole('region', { name: CHECKLIST_TEXT.title })).toBeNull());
    expect(app.server.callsTo('owner.onboarding.record')[0]?.input).toEqual({ event: 'dismissed' });
  });

  it('says what to do instead of a 0.0 average before the first review', async () => {
    await renderOwner('/dashboard', checklistServer([]), 'Hi, Asha Rao');
    const average = within(await page().findByRole('region', { name: 'Average Rating' }));
    await waitFor(() => expect(average.getByTestId('stat-value')).toHaveTextContent('No reviews yet'));
    expect(page().queryByText('0.0')).toBeNull();
    expect(page().queryByRole('heading', { name: 'Ratings per month' })).toBeNull();
  });
});
