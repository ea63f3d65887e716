import { z } from 'zod';
import { ZIsoDate } from '../dto.ts';
import { MESSAGES } from '../messages.ts';
import { EMAIL_PATTERN } from '../patterns.ts';
import { cappedText, password, required, TEXT_LIMITS } from '../schema-helpers.ts';

/**
 * Admin sign-in and its security (admin.auth, admin.security): email and password, then (issue 15,
 * item 11) two-factor sign-in with an authenticator app (TOTP), recovery codes, the super admin's
 * "required for everyone" setting and the admin's own password.
 */

export const ADMIN_SECURITY_TEXTS = {
  codeNeeded: 'Enter the 6-digit code from your authenticator app.',
  enrolNeeded: 'Two-factor sign-in is required. Set up your authenticator app to continue.',
  codeRequired: 'Enter the code from your authenticator app',
  codeFormat: 'Enter the 6-digit code from your app',
  codeOrRecoveryFormat: 'Enter the 6-digit code from your app or one of your recovery codes',
  codeWrong: 'That code is not right. Check your authenticator app and try again.',
  challengeExpired: 'Your sign-in has expired. Please sign in again.',
  recoveryCodeUsed: (left: number) =>
    `Signed in with a recovery code. ${left} recovery code${left === 1 ? '' : 's'} left.`,
  enrolled: 'Two-factor sign-in is set up. Keep your recovery codes somewhere safe.',
  passwordChanged: 'Password changed. Your other sessions have been signed out.',
  currentPasswordWrong: 'Your current password is not correct',
  samePassword: 'Choose a password different from your current one',
  settingsSaved: (required: boolean) =>
    required
      ? 'Two-factor sign-in is now required for every admin.'
      : 'Two-factor sign-in is no longer required for every admin.',
} as const;

/** Recovery codes handed out at enrolment: 10, each XXXX-XXXX-XXXX-XXXX (80 random bits). */
export const RECOVERY_CODES = { count: 10, pattern: /^[A-Z2-7]{4}(?:-[A-Z2-7]{4}){3}$/ } as const;

/** How long the second step of a sign-in may take. */
export const SIGN_IN_CHALLENGE_SECONDS = 5 * 60;

const TOTP_CODE = /^\d{6}$/;

/** A code as typed: spaces and dashes between digits are forgiven, letters of a recovery code upper-cased. */
const typedCode = cappedText(64, ADMIN_SECURITY_TEXTS.codeRequired)
  .trim()
  .min(1, ADMIN_SECURITY_TEXTS.codeRequired)
  .transform((v) => {
    const compact = v.replace(/[\s-]/g, '').toUpperCase();
    if (TOTP_CODE.test(compact)) return compact;
    return compact.length === 16 ? compact.replace(/(.{4})(?=.)/g, '$1-') : v.toUpperCase();
  });

const challengeToken = cappedText(200, ADMIN_SECURITY_TEXTS.challengeExpired).min(
  10,
  ADMIN_SECURITY_TEXTS.challengeExpired,
);

/** admin.auth.login: email and password (POST /api/admin/login). */
export const ZAdminLogin = z.object({
  email: required(MESSAGES.adminLogin.emailRequired, TEXT_LIMITS.email)
    .toLowerCase()
    .regex(EMAIL_PATTERN, MESSAGES.adminLogin.emailInvalid),
  password: password(MESSAGES.adminLogin),
});
export type TAdminLogin = z.infer<typeof ZAdminLogin>;

/** The spec's sign-in answer, `{ token, message }` (ZAdminSignInAnswer adds the second step). */
export const ZAdminLoginResponse = z.object({ token: z.string(), message: z.string() });
export type TAdminLoginResponse = z.infer<typeof ZAdminLoginResponse>;

/** The second step a sign-in still needs (an added field of the sign-in answer). */
export const ZAdminTwoFactorChallenge = z.object({
  /** verify: enter a code (or a recovery code); enrol: set up the app, then confirm a code. */
  step: z.enum(['verify', 'enrol']),
  challengeToken: z.string(),
  expiresAt: ZIsoDate,
  /** Enrolment only: the secret as a QR code's otpauth:// URI and as a key to type in. */
  enrolment: z.object({ otpauthUri: z.string(), secret: z.string() }).optional(),
});
export type TAdminTwoFactorChallenge = z.infer<typeof ZAdminTwoFactorChallenge>;

/**
 * POST /api/admin/login and admin.auth.login. An admin without two-factor sign-in gets
 * `{ token, message }` as the spec says; one who needs a second step gets no token yet, but
 * `{ message, twoFactor }`.
 */
export const ZAdminSignInAnswer = z.object({
  token: z.string().optional(),
  message: z.string(),
  twoFactor: ZAdminTwoFactorChallenge.optional(),
});
export type TAdminSignInAnswer = z.infer<typeof ZAdminSignInAnswer>;

/** admin.auth.verifyTotp: the 6-digit code from the app, or one recovery code. */
export const ZAdminTotpVerify = z.object({
  challengeToken,
  code: typedCode.refine(
    (v) => TOTP_CODE.test(v) || RECOVERY_CODES.pattern.test(v),
    ADMIN_SECURITY_TEXTS.codeOrRecoveryFormat,
  ),
});
export type TAdminTotpVerify = z.infer<typeof ZAdminTotpVerify>;

export const ZAdminTotpVerifyAnswer = z.object({
  token: z.string(),
  message: z.string(),
  /** After a recovery code: how many are left. */
  recoveryCodesLeft: z.number().int().optional(),
});
export type TAdminTotpVerifyAnswer = z.infer<typeof ZAdminTotpVerifyAnswer>;

/** admin.auth.enrolTotp: a code from the newly set-up app confirms it. */
export const ZAdminTotpEnrol = z.object({
  challengeToken,
  code: typedCode.refine((v) => TOTP_CODE.test(v), ADMIN_SECURITY_TEXTS.codeFormat),
});
export type TAdminTotpEnrol = z.infer<typeof ZAdminTotpEnrol>;

/** The recovery codes are shown this once; the server keeps only their hashes. */
export const ZAdminTotpEnrolAnswer = z.object({
  token: z.string(),
  message: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type TAdminTotpEnrolAnswer = z.infer<typeof ZAdminTotpEnrolAnswer>;

export const ZAdminSecuritySettings = z.object({
  twoFactorRequired: z.boolean(),
  updatedAt: ZIsoDate.nullable(),
});
export type TAdminSecuritySettings = z.infer<typeof ZAdminSecuritySettings>;

export const ZAdminSecuritySettingsUpdate = z.object({
  twoFactorRequired: z.boolean({ message: 'Say whether two-factor sign-in is required' }),
});

export const ZAdminSecuritySettingsAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  settings: ZAdminSecuritySettings,
});
