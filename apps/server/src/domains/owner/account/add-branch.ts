import { MAX_ACCOUNT_BRANCHES, ZBranchCreate, ZBranchCreated } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { addBranch } from './branch.service.ts';

/**
 * The account's owners (or an API key): add a branch on the account's plan. It starts pending
 * (review page off) until its own payment: owner.plan.createOrder with its X-Business-Id.
 */
export const addBranchOperation = accountProcedure('account')
  .meta({
    rest: {
      method: 'POST',
      path: '/v1/account/branches',
      summary: "Add a branch to the caller's account (pending until its own payment)",
      description: `The branch gets the account's plan and pays that plan's price (payment.amount, paise) through owner.plan.createOrder with X-Business-Id set to it. code is made from businessName when left out. 409 when the code is taken or the account has ${MAX_ACCOUNT_BRANCHES} live branches.`,
      tags: ['account'],
      status: 201,
    },
  })
  .input(ZBranchCreate)
  .output(ZBranchCreated)
  .mutation(({ ctx, input }) => addBranch(ctx.deps, ctx.session, input, { ip: ctx.ip }));
