import { ZOwnerUser } from '@starloop/contract';
import { z } from 'zod';
import { ownerProcedure } from '../../trpc/init.ts';
import { restResponse } from '../../trpc/operation-meta.ts';
import { toOwnerUser } from './auth/owner.dto.ts';

/** The signed-in owner. Their own profile only. */
export const getOwnerOperation = ownerProcedure('read')
  .meta({
    allowClosedAccount: true,
    rest: {
      method: 'GET',
      path: '/users/me',
      summary: "The signed-in owner's profile",
      tags: ['owner'],
      response: restResponse(
        ZOwnerUser,
        z.object({ success: z.literal(true), user: ZOwnerUser }),
        (user) => ({ success: true as const, user }),
      ),
    },
  })
  .output(ZOwnerUser)
  .query(({ ctx }) => toOwnerUser(ctx.session.owner));
