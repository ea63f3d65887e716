import { Text } from '@mantine/core';
import { fill } from '@starloop/review-page';
import { useFirstViewMessages } from '../../../lib/owner-i18n/owner-i18n.tsx';

/** Five stars, filled up to the rating; read out as "4 out of 5 stars". */
export function RatingStars({ rating, size = 'md' }: { rating: number; size?: 'sm' | 'md' | 'lg' }) {
  const t = useFirstViewMessages().dashboard;
  const filled = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <Text
      component="span"
      size={size}
      role="img"
      aria-label={fill(t.ratingStars, { n: filled })}
      style={{ whiteSpace: 'nowrap' }}
    >
      <Text component="span" inherit c="yellow.6">
        {'★'.repeat(filled)}
      </Text>
      <Text component="span" inherit c="gray.4">
        {'★'.repeat(5 - filled)}
      </Text>
    </Text>
  );
}
