import { ZOnboardingChecklist } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { getOnboardingChecklist } from './onboarding.service.ts';

/** Owners and managers of the branch (or an API key): the dashboard's first-run checklist. */
export const getOnboardingChecklistOperation = accountProcedure('manage')
  .meta({
    rest: {
      method: 'GET',
      path: '/v1/onboarding/checklist',
      summary: "The branch's first-run checklist",
      description:
        'The steps a new branch takes (review link checked, QR card saved or printed, review flow chosen, placements added, team invited on Professional, Google connected when available), each done or not, whether all are done, and whether the finished list was dismissed. The branch is X-Business-Id (else your first).',
      tags: ['onboarding'],
    },
  })
  .output(ZOnboardingChecklist)
  .query(({ ctx }) => getOnboardingChecklist(ctx.deps, ctx.session.owner));
