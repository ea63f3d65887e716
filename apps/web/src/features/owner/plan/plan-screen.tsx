import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  ACCOUNT_TEXTS,
  PAYMENT_TEXTS,
  PLANS,
  REQUEST_LIMITS,
  resolveRegistrationPlan,
  SUBSCRIPTION_GRACE_DAYS,
  type TOwnerPlan,
} from '@starloop/contract';
import { useQuery } from '@tanstack/react-query';
import { col } from '../../../components/data-table/columns.tsx';
import { LabelledValue } from '../../../components/labelled-value/labelled-value.tsx';
import { PlanSummary } from '../../../components/plan-summary/plan-summary.tsx';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { SimpleTable, type TTableColumn } from '../../../components/simple-table/simple-table.tsx';
import { formatPaise, methodLabel, titleCase } from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { LoadError } from '../shared/load-error.tsx';
import { AutopaySection } from './autopay-section.tsx';
import { BillingDetailsSection } from './billing-details-section.tsx';
import { InvoicesSection } from './invoices-section.tsx';
import { graceEndDate, periodLabel, remainingLabel, STATUS_COLORS } from './plan-status.ts';
import { usePlanCheckout } from './use-plan-checkout.ts';

const PAYMENT_COLUMNS: TTableColumn<TOwnerPlan['payments'][number]>[] = [
  col.date('date', 'Date', (p) => p.createdAt),
  col.text('plan', 'Plan', (p) => resolveRegistrationPlan(p.plan).name),
  col.text('purpose', 'Purpose', (p) => titleCase(p.purpose)),
  col.text('method', 'Method', (p) => (p.paymentMethod ? titleCase(methodLabel(p.paymentMethod)) : '-')),
  col.text('amount', 'Amount', (p) => formatPaise(p.amount), { align: 'right', nowrap: true }),
  col.text('status', 'Status', (p) => (
    <Badge color={STATUS_COLORS[p.status] ?? 'gray'} variant="light">
      {p.status}
    </Badge>
  )),
  col.text('payment-id', 'Payment ID', (p) => (
    <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
      {p.razorpayPaymentId ?? (p.manual ? 'Recorded by StarLoop' : '-')}
    </Text>
  )),
];

/** 'Subscription Plan': the current plan and period, Renew / Upgrade, and the payment history. */
export function PlanScreen() {
  const trpc = useTrpc();
  const plan = useQuery(trpc.owner.plan.get.queryOptions());
  // Billing details are the account owners' (as billing is).
  const account = useQuery(trpc.owner.account.get.queryOptions(undefined, { staleTime: 60_000 }));
  const { pay, busy } = usePlanCheckout(plan.data?.plan);

  if (plan.isError) {
    return <LoadError title="Failed to load plan" query={plan} />;
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
  const remaining = remainingLabel(data);
  const ended = remaining?.startsWith('Ended') ?? false;
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
                {titleCase(data.status)}
              </Badge>
            </Group>
            <Group gap="xl" wrap="wrap">
              <LabelledValue label="Period">
                <Text>{period ?? 'Not started yet'}</Text>
              </LabelledValue>
              {remaining ? (
                <LabelledValue label={ended ? 'Ended' : 'Days left'}>
                  <Text fw={600} c={ended ? 'red.8' : undefined}>
                    {remaining}
                  </Text>
                </LabelledValue>
              ) : null}
              <LabelledValue label="Price">
                <Text>{formatPaise(current.amount)} / month + GST</Text>
              </LabelledValue>
              {data.requests ? (
                <LabelledValue label="Review requests">
                  <Text>
                    {data.requests.used.toLocaleString('en-IN')} of{' '}
                    {data.requests.limit.toLocaleString('en-IN')} this month
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
              {unpaid ? ACCOUNT_TEXTS.payForBranch : 'Renew'}
            </Button>
            {data.plan === 'essential' ? (
              <Button
                variant="light"
                onClick={() => void pay('upgrade')}
                loading={busy === 'upgrade'}
                disabled={busy !== null || inactive}
              >
                Upgrade to Professional
              </Button>
            ) : null}
          </Group>
        </Group>

        <Stack gap="sm" mt="md">
          {inactive ? (
            <Alert color="red" variant="light">
              {PAYMENT_TEXTS.accountInactive}
            </Alert>
          ) : null}
          {unpaid ? (
            <Alert color="yellow" variant="light">
              {ACCOUNT_TEXTS.branchUnpaid}
            </Alert>
          ) : null}
          {!inactive && data.inGrace && data.subscriptionEnd ? (
            <Alert color="yellow" variant="light" title="Your plan has ended">
              Your review page keeps working for {SUBSCRIPTION_GRACE_DAYS} days after the end, until{' '}
              {graceEndDate(data.subscriptionEnd)}. Renew to keep it running.
            </Alert>
          ) : null}
          {!inactive && !data.inGrace && !data.reviewPageActive && ended ? (
            <Alert color="red" variant="light" title="Your review page is switched off">
              The {SUBSCRIPTION_GRACE_DAYS}-day grace period after the end has passed. Renew to switch it back
              on.
            </Alert>
          ) : null}
          <PlanSummary plan={PLANS[current.key]} title={`What ${current.name} includes`} />
          {data.plan === 'essential' ? (
            <Text size="sm" c="dimmed">
              Professional ({formatPaise(PLANS.professional.amount)} / month + GST) adds personalised
              automatic replies {PLANS.professional.autoReply.within}, sentiment analysis, custom response
              templates and {REQUEST_LIMITS.professional.toLocaleString('en-IN')} review requests a month
              instead of {REQUEST_LIMITS.essential.toLocaleString('en-IN')}.
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            Each payment adds one month: from the end of the current period, or from today if it has already
            ended. An upgrade switches you to Professional at once.
          </Text>
        </Stack>
      </Paper>
      {account.data?.role === 'owner' ? <AutopaySection plan={data} /> : null}
      {account.data?.role === 'owner' ? <BillingDetailsSection /> : null}
      {account.data?.role === 'owner' ? <InvoicesSection /> : null}

      <SectionCard titleId="payments-title" title="Payment history" gap="md">
        {data.payments.length === 0 ? (
          <Text c="dimmed" ta="center" py="md">
            No payments yet.
          </Text>
        ) : (
          <SimpleTable
            verticalSpacing="sm"
            striped
            scroll={{ minWidth: 640 }}
            columns={PAYMENT_COLUMNS}
            rows={data.payments}
            rowKey={(payment) => `${payment.manual ? 'manual' : 'online'}-${payment.id}`}
          />
        )}
      </SectionCard>
    </Stack>
  );
}
