import type { TAdminUser, TOwnerStatus } from '@starloop/contract';
import { HTTP_URL_PATTERN, MESSAGES, OWNER_STATUSES, ZAdminUserUpdate } from '@starloop/contract';
import { z } from 'zod';

export interface TUserEditValues {
  name: string;
  businessName: string;
  contactNumber: string;
  code: string;
  reviewLink: string;
  status: TOwnerStatus;
}

export function userEditValues(user: TAdminUser): TUserEditValues {
  return {
    name: user.name,
    businessName: user.businessName,
    contactNumber: user.contactNumber,
    code: user.code,
    reviewLink: user.reviewLink ?? '',
    status: user.status === 'active' || user.status === 'inactive' ? user.status : 'pending',
  };
}

/**
 * The user edit form (spec section 5), from the server's update schema: name, business name,
 * contact number and code required, the code lower-cased. The form asks for a review link too (the
 * server would take an empty one as "clear it"), and always sends a status.
 */
export const ZUserEdit = ZAdminUserUpdate.pick({
  name: true,
  businessName: true,
  contactNumber: true,
  code: true,
}).extend({
  reviewLink: z.string().trim().regex(HTTP_URL_PATTERN, MESSAGES.userEdit.reviewLinkInvalid),
  status: z.enum(OWNER_STATUSES),
});
