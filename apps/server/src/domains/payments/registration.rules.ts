import {
  findOwnerByCode,
  hasAppliedCapturedPayment,
  hasOtherBusiness,
  isFormerCodeOfAnother,
  type TDb,
  type TOwnerPublic,
} from '@starloop/db';

/**
 * Whether a new registration may still use this owner's phone or code: a self-registration that
 * is pending and was never paid for. Anything else (paid once, onboarded by an admin, deleted, a
 * branch an account's owner added and has not paid for yet) is a real account and keeps its phone
 * and code whatever its status is now.
 */
export async function isReusableRegistration(db: TDb, owner: TOwnerPublic): Promise<boolean> {
  if (owner.status !== 'pending' || owner.deletedAt || owner.registrationSource !== 'website') return false;
  // A registration's account has that one business; an added branch has the account's others.
  if (await hasOtherBusiness(db, owner.accountId, owner.id)) return false;
  return !(await hasAppliedCapturedPayment(db, owner.id));
}

/**
 * The code a pending owner holds while another unpaid registration holds (or is given) the code it
 * typed: '~' and its own id. '~' is outside BUSINESS_CODE_PATTERN, so it never meets a real code,
 * and owner ids are unique.
 */
export const placeholderCode = (ownerId: number) => `~${ownerId}`;

export interface TRegistrationTargets {
  /** The phone's owner, when it is a pending registration a new attempt may join. */
  phoneOwner: TOwnerPublic | undefined;
  /** Another owner holding the code, when it is a pending registration that may lose it. */
  codeHolder: TOwnerPublic | undefined;
}

/**
 * Where a registration attempt for this phone and code would land, or which of the two is taken
 * for good ('phone' first, as the form asks for it first).
 */
export async function registrationTargets(
  db: TDb,
  phoneOwner: TOwnerPublic | undefined,
  code: string,
): Promise<TRegistrationTargets | { taken: 'phone' | 'code' }> {
  if (phoneOwner && !(await isReusableRegistration(db, phoneOwner))) return { taken: 'phone' };
  // A former code forwards to its business forever: nobody else may register it.
  if (await isFormerCodeOfAnother(db, code, phoneOwner?.id)) return { taken: 'code' };
  const holder = await findOwnerByCode(db, code);
  const codeHolder = holder && holder.id !== phoneOwner?.id ? holder : undefined;
  if (codeHolder && !(await isReusableRegistration(db, codeHolder))) return { taken: 'code' };
  return { phoneOwner, codeHolder };
}
