import { Badge, Text } from '@mantine/core';
import type { TMailStatus } from '@starloop/contract';
import { LEAD_STATUS_COLORS, roleColor, titleCase } from '../../../lib/format.ts';

const OWNER_STATUS_COLORS: Record<string, string> = { active: 'green', pending: 'yellow', inactive: 'gray' };

/** Owner status; an unknown status shows as pending (spec section 4). */
export function ownerStatus(status: string | null | undefined): 'active' | 'pending' | 'inactive' {
  return status === 'active' || status === 'inactive' ? status : 'pending';
}

export function OwnerStatusBadge({ status }: { status: string | null | undefined }) {
  const shown = ownerStatus(status);
  return (
    <Badge color={OWNER_STATUS_COLORS[shown]} variant="light">
      {shown}
    </Badge>
  );
}

const PAYMENT_STATUS_COLORS: Record<string, string> = { captured: 'green', pending: 'yellow', failed: 'red' };

export function PaymentStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={PAYMENT_STATUS_COLORS[status] ?? 'gray'} variant="light">
      {status}
    </Badge>
  );
}

/** Manual payment status: upper-case and always green (spec section 4). */
export function ManualPaymentStatusBadge({ status }: { status: string | null | undefined }) {
  return (
    <Badge color="green" variant="light">
      {(status ?? '').toUpperCase() || '-'}
    </Badge>
  );
}

export function AgentStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={status === 'active' ? 'green' : 'gray'} variant="light">
      {status}
    </Badge>
  );
}

export function LeadStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={LEAD_STATUS_COLORS[status] ?? 'gray'} variant="light">
      {status}
    </Badge>
  );
}

/** super_admin purple, every other role blue (spec section 2). */
export function RoleBadge({ role }: { role: string }) {
  return (
    <Badge color={roleColor(role)} variant="filled">
      {titleCase(role)}
    </Badge>
  );
}

/** A 1-5 rating as five stars, with its number for screen readers. */
export function Stars({ rating }: { rating: number }) {
  const filled = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <Text
      component="span"
      role="img"
      aria-label={`${rating} out of 5 stars`}
      style={{ whiteSpace: 'nowrap', letterSpacing: 1 }}
    >
      <span style={{ color: 'var(--mantine-color-yellow-6)' }}>{'★'.repeat(filled)}</span>
      <span style={{ color: 'var(--mantine-color-gray-4)' }}>{'★'.repeat(5 - filled)}</span>
    </Text>
  );
}

const MAIL_STATUS_COLORS: Record<TMailStatus, string> = {
  queued: 'yellow',
  sent: 'green',
  failed: 'red',
  outbox: 'gray',
};

/** A mail of the outbox: queued, sent, failed, or kept in the outbox (no SMTP configured). */
export function MailStatusBadge({ status }: { status: TMailStatus }) {
  return (
    <Badge color={MAIL_STATUS_COLORS[status]} variant="light">
      {status}
    </Badge>
  );
}
