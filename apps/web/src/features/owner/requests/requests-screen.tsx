import { Stack, Tabs } from '@mantine/core';
import { fill } from '@starloop/review-page';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { StatCard, StatGrid } from '../../../components/stat-card/stat-card.tsx';
import { formatNumber, formatRating } from '../../../lib/format.ts';
import { usePhoneLayout } from '../../../lib/phone-layout.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { CampaignsPanel } from './campaigns-panel.tsx';
import { ContactsPanel } from './contacts-panel.tsx';
import { REQUEST_TABS, type TRequestTab } from './request-lists.ts';
import { RequestSettingsPanel } from './request-settings-panel.tsx';
import { useRequestTexts } from './request-texts.ts';

/**
 * Review requests: this month's use of the plan and what requests brought (cards), then the
 * customers (add, import, send, campaign, opt out), the campaigns with their figures, and the
 * settings.
 */
export function RequestsScreen() {
  const t = useRequestTexts().t.screen;
  const trpc = useTrpc();
  const navigate = useNavigate();
  const summary = useQuery(trpc.owner.requests.summary.queryOptions());
  // The open tab lives in the URL (`?tab=campaigns`; the customers' tab is the bare path).
  const tab = useSearch({ from: '/_app/dashboard/requests/', select: (search) => search.tab });
  const setTab = (value: string | null) => {
    if (!REQUEST_TABS.includes(value as TRequestTab)) return;
    void navigate({ to: '.', search: (previous) => ({ ...previous, tab: value as TRequestTab }) });
  };
  const data = summary.data;
  const phone = usePhoneLayout();
  const figures = (
    <StatGrid>
      <StatCard
        label={t.requestsThisMonth}
        value={data ? formatNumber(data.usage.used) : '-'}
        hint={
          data
            ? fill(t.usage, {
                used: formatNumber(data.usage.used),
                limit: formatNumber(data.usage.limit),
              })
            : undefined
        }
        loading={summary.isPending}
      />
      <StatCard
        label={t.requestsSent}
        value={data ? formatNumber(data.requestsSent) : '-'}
        loading={summary.isPending}
      />
      <StatCard
        label={t.reviewsFromRequests}
        value={data ? formatNumber(data.reviewsFromRequests) : '-'}
        loading={summary.isPending}
      />
      <StatCard
        label={t.averageFromRequests}
        value={data?.averageFromRequests == null ? '-' : formatRating(data.averageFromRequests)}
        loading={summary.isPending}
      />
    </StatGrid>
  );
  return (
    <Stack gap="lg">
      {phone ? null : figures}
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="customers">{t.customers}</Tabs.Tab>
          <Tabs.Tab value="campaigns">{t.campaigns}</Tabs.Tab>
          <Tabs.Tab value="settings">{t.settings}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="customers" pt="md">
          <ContactsPanel
            onChanged={() => void summary.refetch()}
            onCampaign={(id) =>
              void navigate({
                to: '/dashboard/requests/campaigns/$campaignId',
                params: { campaignId: id },
              })
            }
          />
        </Tabs.Panel>
        <Tabs.Panel value="campaigns" pt="md">
          <CampaignsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          <RequestSettingsPanel />
        </Tabs.Panel>
      </Tabs>
      {/* On a phone the tabs and their actions (Send a request) come first, the figures after. */}
      {phone ? figures : null}
    </Stack>
  );
}
