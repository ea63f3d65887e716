import { Alert, Group, Text } from '@mantine/core';
import { SUBSCRIPTION_GRACE_DAYS } from '@starloop/contract';
import { fill, plural } from '@starloop/review-page';
import { ButtonLink } from '../../../components/router-links.tsx';
import { formatDate } from '../../../lib/format.ts';
import { enFirst, type TOwnerFirstMessages } from '../../../lib/owner-i18n/en-first.ts';
import { useFirstViewMessages, useOwnerLanguage } from '../../../lib/owner-i18n/owner-i18n.tsx';
import { useOwner } from '../shared/use-owner.ts';

const DAY_MS = 86_400_000;

/** What the banner says, or null while the period has more than 7 days to run (or has no end). */
export function renewalNotice(
  subscriptionEnd: string | null,
  now: Date = new Date(),
  text: TOwnerFirstMessages['banners']['renewal'] = enFirst.banners.renewal,
  language = 'en',
): {
  title: string;
  text: string;
  color: 'yellow' | 'red';
} | null {
  if (!subscriptionEnd) return null;
  const end = new Date(subscriptionEnd);
  const left = end.getTime() - now.getTime();
  if (Number.isNaN(left) || left > 7 * DAY_MS) return null;
  if (left > 0) {
    const days = Math.ceil(left / DAY_MS);
    return {
      title: days === 1 ? text.tomorrow : plural(language, text.endsIn, days),
      text: fill(text.endsOn, { date: formatDate(end) }),
      color: 'yellow',
    };
  }
  const closes = new Date(end.getTime() + SUBSCRIPTION_GRACE_DAYS * DAY_MS);
  if (closes.getTime() <= now.getTime()) {
    return { title: text.ended, text: text.closed, color: 'red' };
  }
  return {
    title: text.ended,
    text: fill(text.grace, { date: formatDate(closes) }),
    color: 'red',
  };
}

/** On the dashboard in a plan's last 7 days and after it ends: the countdown and Renew. */
export function RenewalBanner({ now }: { now?: Date }) {
  const t = useFirstViewMessages().banners.renewal;
  const { language } = useOwnerLanguage();
  const owner = useOwner();
  const notice = owner.data ? renewalNotice(owner.data.subscriptionEnd, now, t, language) : null;
  if (!notice) return null;
  return (
    <Alert color={notice.color} variant="light" title={notice.title} role="status">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{notice.text}</Text>
        <ButtonLink to="/dashboard/plan" size="xs" color={notice.color === 'red' ? 'red' : undefined}>
          {t.renew}
        </ButtonLink>
      </Group>
    </Alert>
  );
}
