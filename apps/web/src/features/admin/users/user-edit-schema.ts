import type { TAdminUser, TOwnerStatus } from '@starloop/contract';
import { BUSINESS_CODE_PATTERN, HTTP_URL_PATTERN, MESSAGES, PHONE_10_PATTERN } from '@starloop/contract';
import type { TSafeParse } from '../../../components/edit-dialog/use-form-state.ts';

const m = MESSAGES.userEdit;

export interface TUserEditValues {
  name: string;
  businessName: string;
  contactNumber: string;
  code: string;
  reviewLink: string;
  status: TOwnerStatus;
}

export interface TUserUpdateInput extends TUserEditValues {
  id: number;
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
 * The user edit form (spec section 5): name, business name, contact number and code required,
 * review link a URL. Values are trimmed and the code lower-cased, as the server stores them.
 */
export function parseUserEdit(values: TUserEditValues): TSafeParse<TUserEditValues> {
  const issues: { path: string[]; message: string }[] = [];
  const v = {
    name: values.name.trim(),
    businessName: values.businessName.trim(),
    contactNumber: values.contactNumber.trim(),
    code: values.code.trim().toLowerCase(),
    reviewLink: values.reviewLink.trim(),
    status: values.status,
  };
  if (!v.name) issues.push({ path: ['name'], message: m.nameRequired });
  if (!v.businessName) issues.push({ path: ['businessName'], message: m.businessNameRequired });
  if (!v.contactNumber) issues.push({ path: ['contactNumber'], message: m.contactNumberRequired });
  else if (!PHONE_10_PATTERN.test(v.contactNumber))
    issues.push({ path: ['contactNumber'], message: m.contactNumberInvalid });
  if (!v.code) issues.push({ path: ['code'], message: m.codeRequired });
  else if (!BUSINESS_CODE_PATTERN.test(v.code))
    issues.push({ path: ['code'], message: MESSAGES.registration.codeInvalid });
  if (!HTTP_URL_PATTERN.test(v.reviewLink))
    issues.push({ path: ['reviewLink'], message: m.reviewLinkInvalid });
  return issues.length ? { success: false, error: { issues } } : { success: true, data: v };
}
