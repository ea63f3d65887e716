import { ZStaffLeaderboard, ZStaffLeaderboardInput } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { getStaffLeaderboard } from './placements.service.ts';

/** Owners and managers of the branch (or an API key): its staff placements ranked over a range of days. */
export const getStaffLeaderboardOperation = accountProcedure('manage')
  .meta({
    rest: {
      method: 'GET',
      path: '/v1/placements/staff-leaderboard',
      summary: "The branch's staff leaderboard: reviews through each staff member's QR code",
      description:
        'For each live placement of kind staff, over `from` to `to` (IST days, both included; the last 30 days by default, at most 366): reviews, average rating, share of 4-5 stars and feedback cases opened, ranked by 4-5 star reviews, then average. The branch is X-Business-Id (else your first).',
      tags: ['placements'],
    },
  })
  .input(ZStaffLeaderboardInput.prefault({}))
  .output(ZStaffLeaderboard)
  .query(({ ctx, input }) => getStaffLeaderboard(ctx.deps, ctx.session.owner, input));
