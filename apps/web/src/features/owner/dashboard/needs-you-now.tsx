import { Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ButtonLink } from '../../../components/router-links.tsx';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { formatDateTime, truncate } from '../../../lib/format.ts';
import { enFirst } from '../../../lib/owner-i18n/en-first.ts';
import { useFirstViewMessages } from '../../../lib/owner-i18n/owner-i18n.tsx';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { NEEDS_YOU_LIMIT } from '../first-screen-queries.ts';
import { RatingStars } from './rating-stars.tsx';
import classes from './recent-reviews.module.css';

/** The English texts (the catalog's; tests read them). */
export const NEEDS_YOU_TEXT = enFirst.needsYou;

/**
 * The phone's first screen (issue 34): the newest low ratings still open (the feedback cases new,
 * in progress or reopened), each a tap from its case in the inbox, and how many are open in all.
 */
export function NeedsYouNow() {
  const t = useFirstViewMessages().needsYou;
  const trpc = useTrpc();
  const open = useQuery(trpc.owner.cases.list.queryOptions({ status: 'open', limit: NEEDS_YOU_LIMIT }));
  const total = open.data?.meta.total ?? 0;
  if (open.isError) return null;
  return (
    <SectionCard
      titleId="needs-you-title"
      title={t.title}
      aside={
        total ? (
          <Badge color="red" variant="filled" aria-label={`${total} open`}>
            {total}
          </Badge>
        ) : null
      }
      gap="sm"
      data-testid="needs-you-now"
    >
      {open.isPending ? (
        <Skeleton height={64} radius="md" />
      ) : total === 0 ? (
        <Text size="sm" c="dimmed">
          {t.none}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" className={classes.cards}>
          {open.data.cases.map((item) => (
            <li key={item.id}>
              <Link
                to="/dashboard/inbox"
                search={{ case: item.id }}
                className={classes.card}
                aria-label={`Open case: ${item.rating} out of 5 stars, ${truncate(item.message || 'no message', 60)}`}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <RatingStars rating={item.rating} size="sm" />
                  <Group gap={6} wrap="nowrap">
                    {item.overdue ? (
                      <Badge size="sm" color="red" variant="light">
                        {t.overdue}
                      </Badge>
                    ) : null}
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(item.createdAt)}
                    </Text>
                  </Group>
                </Group>
                <Text size="sm" mt={4} lineClamp={2} className={classes.cardMessage}>
                  {item.message || 'No message'}
                </Text>
              </Link>
            </li>
          ))}
        </Stack>
      )}
      {total > 0 ? (
        <ButtonLink to="/dashboard/inbox" variant="light" fullWidth>
          {t.all}
        </ButtonLink>
      ) : null}
    </SectionCard>
  );
}
