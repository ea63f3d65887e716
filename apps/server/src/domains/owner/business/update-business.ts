import { ZBusinessDetailsAnswer, ZBusinessDetailsUpdate } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { updateBusinessDetails } from './business.service.ts';

/** The account's owners, for the current branch; audited. A bad field is a 400 naming it. */
export const updateBusinessOperation = ownerProcedure('account')
  .meta({
    rest: {
      method: 'PATCH',
      path: '/v1/business',
      summary: "Change the business's name, contact number or review link",
      description:
        'Body: any of `{ businessName, contactNumber, reviewLink }`. The contact number is an Indian mobile (10 digits from 6 to 9; +91, spaces and dashes are dropped). The review link must be https and, on Google, one of its review forms (g.page/r/…/review, search.google.com/local/writereview?placeid=…, a Maps link); an empty text or null clears it.',
      tags: ['business'],
    },
  })
  .input(ZBusinessDetailsUpdate)
  .output(ZBusinessDetailsAnswer)
  .mutation(({ ctx, input }) =>
    updateBusinessDetails(ctx.deps, ctx.session.owner, { id: ctx.session.person.id, ip: ctx.ip }, input),
  );
