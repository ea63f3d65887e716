import { ZMyLanguage } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { getMyLanguage } from './language.service.ts';

/** Any member, for themselves (an API key acts for no person: 403). The owner area's language. */
export const getMyLanguageOperation = accountProcedure('read')
  .meta({
    person: true,
    rest: {
      method: 'GET',
      path: '/v1/me/language',
      summary: 'Your owner area language',
      description:
        'The language the signed-in person chose for the owner area: en (English) or hi (Hindi); en until they choose. An API key acts for no person: 403.',
      tags: ['account'],
    },
  })
  .output(ZMyLanguage)
  .query(({ ctx }) => getMyLanguage(ctx.session));
