import { ZPasswordSet, ZPasswordSetResult } from '@starloop/contract';
import { publicProcedure } from '../../../trpc/init.ts';
import { setPasswordWithToken, type TOneTimeLinkKind } from './password.service.ts';

/**
 * Setting a password from a one-time link of the given kinds (onboarding's set-password link, a
 * reset link; any other kind is refused) and signing in; POST at `rest.path` where the spec has one.
 */
export const passwordLinkOperation = (kinds: TOneTimeLinkKind[], rest?: { path: string; summary: string }) =>
  (rest ? publicProcedure.meta({ rest: { method: 'POST', ...rest, tags: ['owner'] } }) : publicProcedure)
    .input(ZPasswordSet)
    .output(ZPasswordSetResult)
    .mutation(({ ctx, input }) =>
      setPasswordWithToken(ctx.deps, input, { ip: ctx.ip, userAgent: ctx.userAgent }, kinds),
    );
