import type { TOwnerUser } from '@starloop/contract';
import type { TOwnerPublic } from '@starloop/db';

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The fields that name an owner, in every answer that shows one (OWNER_IDENTITY_FIELDS). */
export const ownerIdentity = (owner: TOwnerPublic) => ({
  id: owner.id,
  name: owner.name,
  email: owner.email,
  businessName: owner.businessName,
  contactNumber: owner.contactNumber,
  code: owner.code,
  reviewLink: owner.reviewLink,
});

export function toOwnerUser(owner: TOwnerPublic): TOwnerUser {
  return {
    ...ownerIdentity(owner),
    state: owner.state,
    city: owner.city,
    plan: owner.plan,
    status: owner.status,
    registrationSource: owner.registrationSource,
    reviewFlow: owner.reviewFlow,
    subscriptionStart: iso(owner.subscriptionStart),
    subscriptionEnd: iso(owner.subscriptionEnd),
    createdAt: owner.createdAt.toISOString(),
  };
}
