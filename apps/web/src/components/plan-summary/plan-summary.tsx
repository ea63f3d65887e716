import { Stack, Text } from '@mantine/core';
import { monthlyPriceLine, type TPlan, termLine } from '@starloop/contract';
import { CheckList } from '../check-list/check-list.tsx';

/**
 * A plan as the plan table has it (price before GST, term, features): the same words the landing
 * page and registration show, for the screens that sell or explain a plan in a smaller space.
 */
export function PlanSummary({
  plan,
  title,
}: {
  plan: TPlan;
  /** Instead of the plan's name and price (a screen that shows the price already). */
  title?: string;
}) {
  return (
    <Stack gap={6} aria-label={title ?? `${plan.name} plan`} role="group">
      <Text fw={700}>{title ?? `${plan.name}: ${monthlyPriceLine(plan)}`}</Text>
      <Text size="xs" c="dimmed">
        {termLine(plan)}
      </Text>
      <CheckList items={plan.features} spacing={4} iconSize={12} />
    </Stack>
  );
}
