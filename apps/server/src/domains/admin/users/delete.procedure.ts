import { ZAdminUserDeleteResponse } from '@starloop/contract';
import { z } from 'zod';
import { adminProcedure } from '../../../trpc/init.ts';
import { deleteUser } from './users.service.ts';

/** Who: any admin. Soft-deletes an owner: review page off, sessions revoked, counted as deleted. */
export const adminUsersDeleteProcedure = adminProcedure
  .input(z.object({ id: z.number().int().positive() }))
  .output(ZAdminUserDeleteResponse)
  .mutation(({ ctx, input }) => deleteUser(ctx.deps, ctx.session.admin, input.id));
