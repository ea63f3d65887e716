import { ZAdminIdParam, ZIdInput, ZMessageResult } from '@starloop/contract';
import { adminActor } from '../../../lib/audit.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { resendOwnerInvitation } from './user-account.service.ts';

/** Any admin (audited). Mails the owner a new set-password link; the earlier one stops working. */
export const resendInvitationOperation = adminProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/admin/users/:id/resend-invitation',
      params: ZAdminIdParam,
      summary: "Resend the owner's set-password link (while they have not chosen a password)",
      description:
        'One live link: the earlier ones stop working. 409 when the owner has set a password already, or has no email address.',
      tags: ['admin'],
    },
  })
  .input(ZIdInput)
  .output(ZMessageResult)
  .mutation(({ ctx, input }) => resendOwnerInvitation(ctx.deps, input.id, adminActor(ctx)));
