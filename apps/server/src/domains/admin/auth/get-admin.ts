import { ZAdminAccount } from '@starloop/contract';
import { adminProcedure } from '../../../trpc/init.ts';

/** The signed-in admin as an account of the admin list shows them, without the dates. */
export const ZAdminMe = ZAdminAccount.pick({ id: true, name: true, email: true, role: true, status: true });

/** The signed-in admin: who they are and what they may do. */
export const getAdminOperation = adminProcedure.output(ZAdminMe).query(({ ctx }) => {
  const { id, name, email, role, status } = ctx.session.admin;
  return { id, name, email, role, status };
});
