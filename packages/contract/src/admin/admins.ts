import { z } from 'zod';
import { ADMIN_ROLES, ADMIN_STATUSES } from '../constants.ts';
import { ZIsoDate } from '../dto.ts';
import { MESSAGES } from '../messages.ts';
import { EMAIL_PATTERN } from '../patterns.ts';
import { password, required, TEXT_LIMITS } from '../schema-helpers.ts';
import { ADMIN_TEXTS } from './common.ts';

/** Admin accounts (spec section 7): the list, creation and role or status changes. */

export const ZAdminAccount = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ADMIN_ROLES),
  status: z.enum(ADMIN_STATUSES),
  createdAt: ZIsoDate,
  lastLogin: ZIsoDate.nullable(),
});
export type TAdminAccount = z.infer<typeof ZAdminAccount>;

export const ZAdminAccountsResponse = z.object({ admins: z.array(ZAdminAccount) });
export type TAdminAccountsResponse = z.infer<typeof ZAdminAccountsResponse>;

const al = MESSAGES.adminLogin;
const ZAdminRole = z.enum(ADMIN_ROLES, { message: 'Role must be super_admin or admin' });

export const ZAdminAccountCreate = z.object({
  name: required('Name is required').max(120),
  email: required(al.emailRequired, TEXT_LIMITS.email).toLowerCase().regex(EMAIL_PATTERN, al.emailInvalid),
  password: password(al).max(200),
  role: ZAdminRole,
});
export type TAdminAccountCreate = z.infer<typeof ZAdminAccountCreate>;

export const ZAdminAccountUpdate = z
  .object({
    role: ZAdminRole.optional(),
    status: z.enum(ADMIN_STATUSES, { message: 'Status must be active or disabled' }).optional(),
  })
  .refine((v) => v.role !== undefined || v.status !== undefined, ADMIN_TEXTS.nothingToChange);
export type TAdminAccountUpdate = z.infer<typeof ZAdminAccountUpdate>;

export const ZAdminAccountResponse = z.object({ success: z.literal(true), admin: ZAdminAccount });
export type TAdminAccountResponse = z.infer<typeof ZAdminAccountResponse>;
