import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  PLANS,
  REQUEST_LIMITS,
  resolveRegistrationPlan,
  SUBSCRIPTION_GRACE_DAYS,
  type TOwnerPlan,
} from '@starloop/contract';
import { fill, plural } from '@starloop/review-page';
import { useQuery } from '@tanstack/react-query';
import { col } from '../../../components/data-table/columns.tsx';
import { LabelledValue } from '../../../components/labelled-value/labelled-value.tsx';
import { PlanSummary } from '../../../components/plan-summary/plan-summary.tsx';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { SimpleTable, type TTableColumn } from '../../../components/simple-table/simple-table.tsx';
import { formatNumber, formatPaise, methodLabel, titleCase } from '../../../lib/format.ts';
import type { TOwnerMessages } from '../../../lib/owner-i18n/en.ts';
import { useOwnerLanguage } from '../../../lib/owner-i18n/owner-i18n.tsx';
import { useOwnerMessages } from '../../../lib/owner-i18n/owner-messages.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { LoadError } from '../shared/load-error.tsx';
import { AutopaySection } from './autopay-section.tsx';
import { BillingDetailsSection } from './billing-details-section.tsx';
import { InvoicesSection } from './invoices-section.tsx';
import { daysSinceEnd, graceEndDate, periodLabel, STATUS_COLORS } from './plan-status.ts';
import { usePlanCheckout } from './use-plan-checkout.ts';

type TPlanMessages = TOwnerMessages['plan'];

/** A word the catalog has for this value, else the value as the screen always showed it. */
const lookup = (words: Record<string, string>, value: string, fallback: string) =>
  Object.hasOwn(words, value) ? (words[value] as string) : fallback;

const paymentColumns = (t: TPlanMessages): TTableColumn<TOwnerPlan['payments'][number]>[] => [
  col.date('date', t.columns.date, (p) => p.createdAt),
  col.text('plan', t.columns.plan, (p) => resolveRegistrationPlan(p.plan).name),
  col.text('purpose', t.columns.purpose, (p) => lookup(t.purpose, p.purpose, titleCase(p.purpose))),
  col.text('method', t.columns.method, (p) =>
    p.paymentMethod ? lookup(t.method, p.paymentMethod, titleCase(methodLabel(p.paymentMethod))) : '-',
  ),
  col.text('amount', t.columns.amount, (p) => formatPaise(p.amount), { align: 'right', nowrap: true }),
  col.text('status', t.columns.status, (p) => (
    <Badge color={STATUS_COLORS[p.status] ?? 'gray'} variant="light">
      {lookup(t.paymentStatus, p.status, p.status)}
    </Badge>
  )),
  col.text('payment-id', t.columns.paymentId, (p) => (
    <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
      {p.razorpayPaymentId ?? (p.manual ? t.recordedByStarloop : '-')}
    </Text>
  )),
];

/** '12 days left', 'Ended 3 days ago', 'Ended today' (as plan-status's remainingLabel, in the catalog's words). */
function remainingText(
  t: TPlanMessages,
  language: string,
  plan: Pick<TOwnerPlan, 'subscriptionEnd' | 'daysLeft'>,
): { text: string; ended: boolean } | null {
  const since = daysSinceEnd(plan.subscriptionEnd);
  if (since !== null) {
    return { text: since === 0 ? t.endedToday : plural(language, t.endedAgo, since), ended: true };
  }
  if (plan.daysLeft === null) return null;
  return { text: plural(language, t.remaining, plan.daysLeft), ended: false };
}

/** 'Subscription Plan': the current plan and period, Renew / Upgrade, and the payment history. */
export function PlanScreen() {
  const t = useOwnerMessages().plan;
  const { language } = useOwnerLanguage();
  const trpc = useTrpc();
  const plan = useQuery(trpc.owner.plan.get.queryOptions());
  // Billing details are the account owners' (as billing is).
  const account = useQuery(trpc.owner.account.get.queryOptions(undefined, { staleTime: 60_000 }));
  const { pay, busy } = usePlanCheckout(plan.data?.plan);

  if (plan.isError) {
    return <LoadError title={t.loadFailed} query={plan} />;
  }
  if (plan.isPending) {
    return (
      <Stack gap="lg" data-testid="plan-loading">
        <Skeleton height={220} radius="md" />
        <Skeleton height={180} radius="md" />
      </Stack>
    );
  }

  const data = plan.data;
  const current = resolveRegistrationPlan(data.plan);
  const period = periodLabel(data);
  const left = remainingText(t, language, data);
  const remaining = left?.text ?? null;
  const ended = left?.ended ?? false;
  const inactive = data.status === 'inactive';
  // A branch added to a chain waits for its first payment.
  const unpaid = data.status === 'pending';

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="current-plan-title">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Stack gap="md">
            <Group gap="sm" align="center">
              <Title order={2} size="h3" id="current-plan-title">
                {data.planName}
              </Title>
              <Badge color={STATUS_COLORS[data.status] ?? 'gray'} variant="light">
                {lookup(t.status, data.status, titleCase(data.status))}
              </Badge>
            </Group>
            <Group gap="xl" wrap="wrap">
              <LabelledValue label={t.period}>
                <Text>{period ?? t.notStarted}</Text>
              </LabelledValue>
              {remaining ? (
                <LabelledValue label={ended ? t.ended : t.daysLeft}>
                  <Text fw={600} c={ended ? 'red.8' : undefined}>
                    {remaining}
                  </Text>
                </LabelledValue>
              ) : null}
              <LabelledValue label={t.price}>
                <Text>{fill(t.pricePerMonth, { price: formatPaise(current.amount) })}</Text>
              </LabelledValue>
              {data.requests ? (
                <LabelledValue label={t.requests}>
                  <Text>
                    {fill(t.requestsUsed, {
                      used: formatNumber(data.requests.used),
                      limit: formatNumber(data.requests.limit),
                    })}
                  </Text>
                </LabelledValue>
              ) : null}
            </Group>
          </Stack>
          <Group gap="sm" wrap="wrap">
            <Button
              onClick={() => void pay('renewal')}
              loading={busy === 'renewal'}
              disabled={busy !== null || inactive}
            >
              {unpaid ? t.payForBranch : t.renew}
            </Button>
            {data.plan === 'essential' ? (
              <Button
                variant="light"
                onClick={() => void pay('upgrade')}
                loading={busy === 'upgrade'}
                disabled={busy !== null || inactive}
              >
                {t.upgrade}
              </Button>
            ) : null}
          </Group>
        </Group>

        <Stack gap="sm" mt="md">
          {inactive ? (
            <Alert color="red" variant="light">
              {t.accountInactive}
            </Alert>
          ) : null}
          {unpaid ? (
            <Alert color="yellow" variant="light">
              {t.branchUnpaid}
            </Alert>
          ) : null}
          {!inactive && data.inGrace && data.subscriptionEnd ? (
            <Alert color="yellow" variant="light" title={t.graceTitle}>
              {fill(t.grace, { days: SUBSCRIPTION_GRACE_DAYS, date: graceEndDate(data.subscriptionEnd) })}
            </Alert>
          ) : null}
          {!inactive && !data.inGrace && !data.reviewPageActive && ended ? (
            <Alert color="red" variant="light" title={t.offTitle}>
              {fill(t.off, { days: SUBSCRIPTION_GRACE_DAYS })}
            </Alert>
          ) : null}
          <PlanSummary plan={PLANS[current.key]} title={fill(t.includes, { plan: current.name })} />
          {data.plan === 'essential' ? (
            <Text size="sm" c="dimmed">
              {fill(t.professionalAdds, {
                price: formatPaise(PLANS.professional.amount),
                within: PLANS.professional.autoReply.within,
                requests: formatNumber(REQUEST_LIMITS.professional),
                essential: formatNumber(REQUEST_LIMITS.essential),
              })}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {t.eachPayment}
          </Text>
        </Stack>
      </Paper>
      {account.data?.role === 'owner' ? <AutopaySection plan={data} /> : null}
      {account.data?.role === 'owner' ? <BillingDetailsSection /> : null}
      {account.data?.role === 'owner' ? <InvoicesSection /> : null}

      <SectionCard titleId="payments-title" title={t.history} gap="md">
        {data.payments.length === 0 ? (
          <Text c="dimmed" ta="center" py="md">
            {t.noPayments}
          </Text>
        ) : (
          <SimpleTable
            verticalSpacing="sm"
            striped
            scroll={{ minWidth: 640 }}
            columns={paymentColumns(t)}
            rows={data.payments}
            rowKey={(payment) => `${payment.manual ? 'manual' : 'online'}-${payment.id}`}
          />
        )}
      </SectionCard>
    </Stack>
  );
}
