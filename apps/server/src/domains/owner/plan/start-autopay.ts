import { ZAutopayStart } from '@starloop/contract';
import { z } from 'zod';
import { ownerProcedure } from '../../../trpc/init.ts';
import { startAutopay } from '../../payments/autopay.service.ts';

/** The branch's owners (billing is theirs): AutoPay's subscription, authorised next in checkout. */
export const startAutopayOperation = ownerProcedure('account')
  .meta({
    rest: {
      method: 'POST',
      path: '/users/autopay',
      summary: 'Switch AutoPay on: a Razorpay subscription that checkout authorises (UPI AutoPay or card)',
      description:
        'Answers the subscription id checkout opens with and what each month charges (paise, GST included). 400 with the test gateway; 409 when AutoPay is on already.',
      tags: ['billing'],
    },
  })
  .input(z.object({}).optional())
  .output(ZAutopayStart)
  .mutation(({ ctx }) => startAutopay(ctx.deps, ctx.session.owner));
