import { useQuery } from '@tanstack/react-query';
import { useTrpc } from '../../../lib/use-trpc.ts';

/**
 * The signed-in admin (admin.auth.me): who they are and their role. Screens only decide what to
 * show with it (the audit log link, the security switch); the server decides what is allowed.
 */
export function useAdminMe() {
  const trpc = useTrpc();
  const me = useQuery({ ...trpc.admin.auth.me.queryOptions(), retry: false });
  return { me, isSuperAdmin: me.data?.role === 'super_admin' };
}
