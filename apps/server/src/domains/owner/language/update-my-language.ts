import { ZMyLanguage } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { updateMyLanguage } from './language.service.ts';

/** Any member, for themselves (an API key acts for no person: 403). Changes the owner area's language. */
export const updateMyLanguageOperation = accountProcedure('read')
  .meta({
    person: true,
    rest: {
      method: 'PUT',
      path: '/v1/me/language',
      summary: 'Change your owner area language',
      description:
        'Sets the owner area language of the signed-in person to en (English) or hi (Hindi), for every device they sign in on. An API key acts for no person: 403.',
      tags: ['account'],
    },
  })
  .input(ZMyLanguage)
  .output(ZMyLanguage)
  .mutation(({ ctx, input }) => updateMyLanguage(ctx.deps, ctx.session, input.language));
