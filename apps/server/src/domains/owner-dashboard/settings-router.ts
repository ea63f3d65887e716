import { ZChangePassword, ZMessageResult, ZOwnerSettings, ZOwnerSettingsUpdate } from '@starloop/contract';
import { ownerProcedure, router } from '../../trpc/init.ts';
import { changeOwnerPassword, updateOwnerSettings } from './owner-dashboard.service.ts';

/** Owner settings: review flow, notifications, password. Who: the signed-in owner, for itself. */
export const ownerSettingsRouter = router({
  get: ownerProcedure.output(ZOwnerSettings).query(({ ctx }) => {
    const { reviewFlow, notifyLowRatings, dailyDigest } = ctx.session.owner;
    return { reviewFlow, notifyLowRatings, dailyDigest };
  }),
  update: ownerProcedure
    .input(ZOwnerSettingsUpdate)
    .output(ZOwnerSettings)
    .mutation(({ ctx, input }) => updateOwnerSettings(ctx.deps, ctx.session.owner.id, input)),
  changePassword: ownerProcedure
    .input(ZChangePassword)
    .output(ZMessageResult)
    .mutation(({ ctx, input }) =>
      changeOwnerPassword(
        ctx.deps,
        { ownerId: ctx.session.owner.id, sessionId: ctx.session.sessionId },
        input,
      ),
    ),
});
