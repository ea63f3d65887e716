import type { TOwnerUser } from '@starloop/contract';
import type { TOwnerPublic } from '@starloop/db';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toOwnerUser(owner: TOwnerPublic): TOwnerUser {
  return {
    id: owner.id,
    name: owner.name,
    email: owner.email,
    businessName: owner.businessName,
    contactNumber: owner.contactNumber,
    code: owner.code,
    reviewLink: owner.reviewLink,
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
