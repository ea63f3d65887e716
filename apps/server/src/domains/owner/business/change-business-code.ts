import { ZBusinessCodeChange, ZBusinessDetailsAnswer } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { changeBusinessCode } from './business.service.ts';

/**
 * The account's owners, for the current branch; audited. The old code keeps working (a permanent
 * redirect to the new one) and stays reserved for this business. A code in use is a 409.
 */
export const changeBusinessCodeOperation = ownerProcedure('account')
  .meta({
    rest: {
      method: 'PUT',
      path: '/v1/business/code',
      summary: 'Change the business code (the old code keeps redirecting to the new one)',
      description:
        'Body: `{ code, confirm: true }`. `confirm` says the warning was read: the review page moves to the new code, and every former code answers a permanent redirect (308) to it, so printed QR codes keep working. A code used by another business now or before is a 409.',
      tags: ['business'],
    },
  })
  .input(ZBusinessCodeChange)
  .output(ZBusinessDetailsAnswer)
  .mutation(({ ctx, input }) =>
    changeBusinessCode(ctx.deps, ctx.session.owner, { id: ctx.session.person.id, ip: ctx.ip }, input),
  );
