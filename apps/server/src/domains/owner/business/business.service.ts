import {
  BUSINESS_TEXTS,
  checkReviewLink,
  type TBusinessCodeChange,
  type TBusinessDetails,
  type TBusinessDetailsAnswer,
  type TBusinessDetailsUpdate,
} from '@starloop/contract';
import {
  findGoogleConnection,
  findOwnerById,
  inTransaction,
  isBusinessCodeTaken,
  listFormerCodes,
  moveBusinessCode,
  type TDb,
  type TOwnerPublic,
  type TOwnerUpdate,
  updateOwner,
} from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { auditByOwner, type TOwnerActor } from '../../../lib/audit.ts';
import { badRequest, conflict, foundOr404, uniqueConflict } from '../../../lib/errors.ts';

const NOT_FOUND = 'Business not found';

/** The unique indexes a concurrent change can still hit after the checks. */
const CODE_KEYS = {
  owners_code_key: [BUSINESS_TEXTS.codeTaken, 'code'],
  business_code_history_pkey: [BUSINESS_TEXTS.codeTaken, 'code'],
} as const;

/**
 * The connected Google location's review link, offered to the owner: Google's own `newReviewUri`
 * when it has the shape of a review link (the server is on and the connection is live).
 */
async function googleOffer(deps: Pick<TDeps, 'db' | 'config'>, ownerId: number) {
  if (!deps.config.google.enabled) return { link: null, title: null };
  const connection = await findGoogleConnection(deps.db, ownerId);
  if (connection?.status !== 'active' || !connection.newReviewUri) {
    return { link: null, title: null };
  }
  const check = checkReviewLink(connection.newReviewUri);
  return check.ok
    ? { link: connection.newReviewUri, title: connection.locationTitle }
    : { link: null, title: null };
}

/** The business's details as the owner edits them, its former codes and Google's offer. */
export async function getBusinessDetails(
  deps: Pick<TDeps, 'db' | 'config'>,
  owner: TOwnerPublic,
  db: TDb = deps.db,
): Promise<TBusinessDetails> {
  const [formerCodes, google] = await Promise.all([
    listFormerCodes(db, owner.id),
    googleOffer({ ...deps, db }, owner.id),
  ]);
  return {
    ownerName: owner.name,
    businessName: owner.businessName,
    contactNumber: owner.contactNumber,
    code: owner.code,
    reviewLink: owner.reviewLink,
    formerCodes: formerCodes.map((c) => ({
      code: c.code,
      retiredAt: c.retiredAt.toISOString(),
      retiredBy: c.retiredBy,
    })),
    googleReviewLink: google.link,
    googleLocationTitle: google.title,
  };
}

/**
 * The owner changes the business name, contact number or review link (already checked for shape
 * by the contract). Only the business's own number changes: the owner's sign-in phone is the
 * person's and stays. Audited with the fields changed (never their values).
 */
export async function updateBusinessDetails(
  deps: TDeps,
  owner: TOwnerPublic,
  actor: TOwnerActor,
  input: TBusinessDetailsUpdate,
): Promise<TBusinessDetailsAnswer> {
  const patch: TOwnerUpdate = {};
  if (input.businessName !== undefined && input.businessName !== owner.businessName) {
    patch.businessName = input.businessName;
  }
  if (input.contactNumber !== undefined && input.contactNumber !== owner.contactNumber) {
    patch.contactNumber = input.contactNumber;
  }
  if (input.reviewLink !== undefined && input.reviewLink !== owner.reviewLink) {
    patch.reviewLink = input.reviewLink;
  }
  const fields = Object.keys(patch);
  const updated = await inTransaction(deps.db, async (trx) => {
    if (fields.length === 0) return owner;
    const row = foundOr404(await updateOwner(trx, owner.id, patch), NOT_FOUND);
    await auditByOwner(trx, actor, {
      action: 'business.update',
      targetTable: 'owners',
      targetId: owner.id,
      details: { fields },
    });
    return row;
  });
  if (fields.length > 0) deps.reviewPageCache.clear();
  return { success: true, message: BUSINESS_TEXTS.saved, business: await getBusinessDetails(deps, updated) };
}

/**
 * A new business code, after the warning (`confirm`). The old code becomes a former code of the
 * business: its review page answers a permanent redirect to the new one, and no other business may
 * take it. An admin's change (admin/users) moves the code the same way (moveBusinessCode).
 */
export async function changeBusinessCode(
  deps: TDeps,
  owner: TOwnerPublic,
  actor: TOwnerActor,
  input: TBusinessCodeChange,
): Promise<TBusinessDetailsAnswer> {
  if (input.code === owner.code) throw badRequest(BUSINESS_TEXTS.codeUnchanged, 'code');
  try {
    const updated = await inTransaction(deps.db, async (trx) => {
      // The row as it is now (a concurrent change may have moved it since the session was read).
      const current = foundOr404(await findOwnerById(trx, owner.id), NOT_FOUND);
      if (input.code === current.code) throw badRequest(BUSINESS_TEXTS.codeUnchanged, 'code');
      if (await isBusinessCodeTaken(trx, input.code, owner.id)) {
        throw conflict(BUSINESS_TEXTS.codeTaken, 'code');
      }
      // The old code keeps redirecting to the new one and stays reserved for this business.
      await moveBusinessCode(trx, {
        ownerId: owner.id,
        from: current.code,
        to: input.code,
        by: 'owner',
        at: deps.now(),
      });
      const row = foundOr404(await updateOwner(trx, owner.id, { code: input.code }), NOT_FOUND);
      await auditByOwner(trx, actor, {
        action: 'business.code_change',
        targetTable: 'owners',
        targetId: owner.id,
        details: { from: current.code, to: input.code },
      });
      return row;
    });
    deps.reviewPageCache.clear();
    return {
      success: true,
      message: BUSINESS_TEXTS.codeChanged,
      business: await getBusinessDetails(deps, updated),
    };
  } catch (error) {
    throw uniqueConflict(error, CODE_KEYS) ?? error;
  }
}
