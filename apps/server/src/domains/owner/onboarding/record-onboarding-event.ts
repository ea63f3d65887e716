import { ZOnboardingChecklist, ZOnboardingEventInput } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { recordOnboardingEvent } from './onboarding.service.ts';

/**
 * Owners and managers of the branch (or an API key): one step of the first-run checklist taken
 * (the review link checked, the QR card saved or printed, the review flow chosen) or the finished
 * list dismissed. Answers the checklist as it now is.
 */
export const recordOnboardingEventOperation = accountProcedure('manage')
  .meta({
    rest: {
      method: 'POST',
      path: '/v1/onboarding/events',
      summary: 'Record a step of the first-run checklist',
      description:
        '`review_link_checked`, `qr_card_saved`, `review_flow_chosen` or `dismissed` (refused with 400 until every step is done). Recording an event again changes nothing. The branch is X-Business-Id (else your first).',
      tags: ['onboarding'],
    },
  })
  .input(ZOnboardingEventInput)
  .output(ZOnboardingChecklist)
  .mutation(({ ctx, input }) =>
    recordOnboardingEvent(
      ctx.deps,
      { owner: ctx.session.owner, actorId: ctx.session.person?.id ?? ctx.session.owner.id, ip: ctx.ip },
      input.event,
    ),
  );
