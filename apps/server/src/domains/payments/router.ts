import { router } from '../../trpc/init.ts';
import { initiateProcedure } from './initiate.procedure.ts';
import { testGatewayCompleteProcedure } from './test-gateway-complete.procedure.ts';
import { verifyProcedure } from './verify.procedure.ts';

/** Registration payments: initiate, verify, test gateway. */
export const paymentsRouter = router({
  initiate: initiateProcedure,
  verify: verifyProcedure,
  testGateway: router({ complete: testGatewayCompleteProcedure }),
});
