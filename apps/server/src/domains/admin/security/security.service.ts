import { ADMIN_SECURITY_TEXTS, type TAdminSecuritySettings } from '@starloop/contract';
import {
  getAdminSecuritySettings,
  inTransaction,
  setTwoFactorRequired,
  type TAdminSecuritySettingsRow as TSettingsRow,
} from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { auditByAdmin, type TAdminActor } from '../../../lib/audit.ts';

const toSettings = (row: TSettingsRow): TAdminSecuritySettings => ({
  twoFactorRequired: row.twoFactorRequired,
  updatedAt: row.updatedByAdminId === null ? null : row.updatedAt.toISOString(),
});

export async function getSecuritySettings(deps: TDeps): Promise<TAdminSecuritySettings> {
  return toSettings(await getAdminSecuritySettings(deps.db));
}

/**
 * A super admin requires two-factor sign-in for every admin (or stops requiring it). Sessions
 * already open stay open; each admin without an app sets one up at their next sign-in. Admins who
 * did set one up keep using it either way.
 */
export async function updateSecuritySettings(
  deps: TDeps,
  actor: TAdminActor,
  input: { twoFactorRequired: boolean },
) {
  const settings = await inTransaction(deps.db, async (trx) => {
    const before = await getAdminSecuritySettings(trx);
    const row = await setTwoFactorRequired(trx, input.twoFactorRequired, actor.id, deps.now());
    await auditByAdmin(trx, actor, {
      action: 'two_factor.requirement_change',
      targetTable: 'admin_security_settings',
      details: { twoFactorRequired: row.twoFactorRequired, before: before.twoFactorRequired },
    });
    return row;
  });
  return {
    success: true as const,
    message: ADMIN_SECURITY_TEXTS.settingsSaved(settings.twoFactorRequired),
    settings: toSettings(settings),
  };
}
