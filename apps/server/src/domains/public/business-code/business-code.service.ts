import { PUBLIC_TEXTS } from '@starloop/contract';
import type { TDeps } from '../../../context.ts';
import { registrationTargets } from '../../payments/registration.rules.ts';

/**
 * Whether a registration may use the code: the same rule as POST /api/payments/initiate, so a code
 * held only by an unpaid registration is available (the first capture takes it; nobody can hold a
 * code by never paying).
 */
export async function checkBusinessCode(
  deps: TDeps,
  code: string,
): Promise<{ available: boolean; message: string }> {
  const taken = 'taken' in (await registrationTargets(deps.db, undefined, code));
  return { available: !taken, message: taken ? PUBLIC_TEXTS.codeTaken : PUBLIC_TEXTS.codeAvailable };
}
