import { ZAdminUserUpdate, ZAdminUserUpdateResponse } from '@starloop/contract';
import { z } from 'zod';
import { adminProcedure } from '../../../trpc/init.ts';
import { updateUser } from './users.service.ts';

/** Who: any admin. Edits an owner; phone and business code must stay unique (409 naming the field). */
export const adminUsersUpdateProcedure = adminProcedure
  .input(ZAdminUserUpdate.extend({ id: z.number().int().positive() }))
  .output(ZAdminUserUpdateResponse)
  .mutation(({ ctx, input: { id, ...fields } }) => updateUser(ctx.deps, ctx.session.admin, id, fields));
