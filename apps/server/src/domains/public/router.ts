import { router } from '../../trpc/init.ts';
import { businessCodeCheckProcedure } from './business-code.procedures.ts';
import { leadCreateProcedure } from './lead.procedures.ts';
import { passwordRequestResetProcedure, passwordSetWithTokenProcedure } from './password.procedures.ts';
import { reviewLinkProcedure, reviewSubmitProcedure } from './review.procedures.ts';

/** Public procedures: review page, demo requests, business-code check, password links. */
export const publicRouter = router({
  review: router({ link: reviewLinkProcedure, submit: reviewSubmitProcedure }),
  lead: router({ create: leadCreateProcedure }),
  businessCode: router({ check: businessCodeCheckProcedure }),
  password: router({
    requestReset: passwordRequestResetProcedure,
    setWithToken: passwordSetWithTokenProcedure,
  }),
});
