import { ADMIN_ROLES, ADMIN_STATUSES } from '@starloop/contract';
import { z } from 'zod';
import { adminProcedure } from '../../trpc/init.ts';

export const ZAdminMe = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ADMIN_ROLES),
  status: z.enum(ADMIN_STATUSES),
});

/** Who: the signed-in admin. */
export const adminMeProcedure = adminProcedure.output(ZAdminMe).query(({ ctx }) => {
  const { id, name, email, role, status } = ctx.session.admin;
  return { id, name, email, role, status };
});
