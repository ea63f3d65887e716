import { SECURITY_TEXTS } from '@starloop/contract';
import { dictionary } from '@zxcvbn-ts/language-common';
import { badRequest } from '../lib/errors.ts';

/**
 * The ~49k most common passwords of the zxcvbn-ts project's list (@zxcvbn-ts/language-common,
 * drawn from public breach corpora), checked without regard to case: "Password1" is as weak as
 * "password1". Built on first use, so processes that never set a password do not pay for it.
 */
let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));
  return common;
}

export const isCommonPassword = (password: string): boolean =>
  commonPasswords().has(password.trim().toLowerCase());

/**
 * Every form that sets a password calls this after its schema (so the spec's length messages come
 * first) and before hashing: a common password is a 400 naming the field.
 */
export function assertPasswordNotCommon(password: string, field: string): void {
  if (isCommonPassword(password)) throw badRequest(SECURITY_TEXTS.commonPassword, field);
}
