import { ZAdminAccountCreate, ZAdminAccountResponse } from '@starloop/contract';
import { adminActor } from '../../../lib/audit.ts';
import { superAdminProcedure } from '../../../trpc/init.ts';
import { createAdminAccount } from './admins.service.ts';

/** A super_admin only (a plain admin gets 403). Creates an admin account. */
export const createAdminOperation = superAdminProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/admin/admins',
      summary: 'Create an admin (super_admin only)',
      tags: ['admin'],
      status: 201,
    },
  })
  .input(ZAdminAccountCreate)
  .output(ZAdminAccountResponse)
  .mutation(({ ctx, input }) => createAdminAccount(ctx.deps, adminActor(ctx), input));
