import type { TAdminUserAccountAudit } from '@starloop/contract';
import type { TAccountAuditRow } from '@starloop/db';

/*
 * An account's audit rows as the user details tell them: one sentence per row, from its action and
 * the small details the row keeps (never an address or a secret).
 */

type TDetails = Record<string, unknown>;

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';
const list = (value: unknown) => (Array.isArray(value) ? value.map(text).filter(Boolean) : []);
const scope = (value: unknown) => {
  const ids = list(value);
  return ids.length > 0 ? ` (branches ${ids.map((id) => `#${id}`).join(', ')})` : '';
};
const moved = (details: TDetails, key: string) => {
  const pair = details[key];
  return Array.isArray(pair) && pair.length === 2 ? `, ${key} ${text(pair[0])} → ${text(pair[1])}` : '';
};

const SUMMARIES: Record<string, (row: TAccountAuditRow, details: TDetails) => string> = {
  'user.update': (row, d) => {
    const fields = list(d.fields);
    return `Edited business #${row.targetId}${fields.length > 0 ? `: ${fields.join(', ')}` : ''}${moved(d, 'status')}`;
  },
  'user.delete': (row) => `Deleted business #${row.targetId}`,
  'user.move': (row, d) =>
    `Moved business #${row.targetId} from account #${text(d.fromAccountId)} to account #${text(d.toAccountId)}`,
  'user.invitation_resend': (_row, d) => `Sent a new set-password link to ${text(d.to) || 'the owner'}`,
  'account.merge': (_row, d) => {
    const branches = list(d.businessIds).length;
    return `Merged account ${text(d.fromName)} (#${text(d.fromAccountId)}) into this one: ${branches} branch${branches === 1 ? '' : 'es'}, ${list(d.personIds).length} people`;
  },
  'account.branch_add': (row, d) =>
    `Added branch ${text(d.code) || `#${row.targetId}`}${d.plan ? ` (${text(d.plan)})` : ''}`,
  'onboarding.complete': (_row, d) =>
    `Onboarded ${list(d.codes).join(', ')}${d.plan ? ` (${text(d.plan)})` : ''}`,
  'owner.sign_in': (_row, d) => `Signed in${d.via ? ` (${text(d.via).replace('_', ' ')})` : ''}`,
  'owner.password_change': () => 'Changed their password',
  'team.invite': (_row, d) => `Invited a ${text(d.role) || 'member'}${scope(d.businessIds)}`,
  'team.invitation_revoke': (row) => `Revoked invitation #${row.targetId}`,
  'team.join': (_row, d) => `Joined the team as ${text(d.role) || 'member'}`,
  'team.member_update': (row, d) => {
    const from = (d.from ?? {}) as TDetails;
    const to = (d.to ?? {}) as TDetails;
    const role = from.role !== to.role ? `: ${text(from.role)} → ${text(to.role)}` : '';
    return `Changed person #${row.targetId}${role}${to.businessIds ? scope(to.businessIds) : ''}`;
  },
  'team.member_remove': (row, d) => `Removed person #${row.targetId}${d.role ? ` (${text(d.role)})` : ''}`,
  'api_key.create': (row) => `Created API key #${row.targetId}`,
  'api_key.revoke': (row) => `Revoked API key #${row.targetId}`,
  'webhook_endpoint.create': (row) => `Added webhook endpoint #${row.targetId}`,
  'webhook_endpoint.delete': (row) => `Deleted webhook endpoint #${row.targetId}`,
  'channels.update': (_row, d) => `Changed the ${text(d.channel) || 'message'} channel settings`,
  'google.connect': () => 'Connected Google Business Profile',
  'google.disconnect': () => 'Disconnected Google Business Profile',
};

export function toAccountAudit(row: TAccountAuditRow): TAdminUserAccountAudit {
  const details = (row.details ?? {}) as TDetails;
  const summary = SUMMARIES[row.action]?.(row, details) ?? row.action;
  return {
    id: row.id,
    action: row.action,
    actor: { kind: row.actorKind, id: row.actorId, name: row.actorName },
    summary,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
