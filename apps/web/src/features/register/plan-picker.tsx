import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { planOf, REGISTRATION_PLANS, type TRegistrationPlan, termLine } from '@starloop/contract';
import { CheckList } from '../../components/check-list/check-list.tsx';
import { formatRupees } from '../../lib/format.ts';

interface TPlanPickerProps {
  /** The chosen plan's name, or '' for none yet. */
  selected: string;
  onSelect: (planName: TRegistrationPlan['name']) => void;
  disabled?: boolean;
}

/** Step 2 of /register: the self-registration plans of spec section 9, per month. */
export function PlanPicker({ selected, onSelect, disabled = false }: TPlanPickerProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      {REGISTRATION_PLANS.map((plan) => {
        const chosen = plan.name === selected;
        return (
          <Card
            key={plan.key}
            component="section"
            aria-labelledby={`plan-${plan.key}`}
            withBorder
            radius="lg"
            padding="lg"
            shadow={chosen ? 'md' : 'xs'}
            style={
              chosen ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined
            }
          >
            <Stack gap="sm" h="100%">
              <Group justify="space-between" align="center" wrap="wrap" gap="xs">
                <Title order={3} id={`plan-${plan.key}`}>
                  {plan.name}
                </Title>
                <Group gap={6}>
                  {plan.popular ? <Badge variant="filled">Most Popular</Badge> : null}
                  <Badge color="green" variant="light">
                    {plan.label}
                  </Badge>
                </Group>
              </Group>
              <Group gap="xs" align="baseline">
                <Text fz={32} fw={800} lh={1}>
                  {formatRupees(plan.price)}
                </Text>
                <Text c="gray.7">/month + GST</Text>
                <Text component="s" c="gray.7">
                  <VisuallyHidden>was </VisuallyHidden>
                  {formatRupees(plan.originalPrice)}
                </Text>
              </Group>
              <Text size="sm" c="gray.7" mt={-6}>
                {termLine(planOf(plan.key))}
              </Text>
              <CheckList items={plan.features} spacing={6} iconSize={14} />
              <Button
                variant={chosen ? 'filled' : 'default'}
                onClick={() => onSelect(plan.name)}
                disabled={disabled}
                aria-pressed={chosen}
                fullWidth
              >
                {chosen ? `${plan.name} selected` : `Choose ${plan.name}`}
              </Button>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
