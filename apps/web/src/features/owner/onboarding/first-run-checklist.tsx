import { Anchor, Button, Group, List, Progress, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import type { TOnboardingChecklist, TOnboardingStep } from '@starloop/contract';
import type { ReactNode } from 'react';
import { AnchorLink, ButtonLink } from '../../../components/router-links.tsx';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { REVIEW_FLOW_OPTIONS } from '../settings/review-flow-options.ts';
import { useSettings } from '../settings/use-settings.ts';
import { useOwner } from '../shared/use-owner.ts';
import { useOnboardingChecklist, useRecordOnboarding } from './use-onboarding.ts';

export const CHECKLIST_TEXT = {
  title: 'Get started',
  description: 'A few steps to set up your review page and start collecting reviews.',
  done: 'All set: your review page is ready for customers.',
  dismiss: 'Hide this checklist',
} as const;

/** Each step's title, in the server's order. */
export const STEP_TITLES: Record<TOnboardingStep, string> = {
  review_link: 'Check your Google review link',
  qr_card: 'Download or print your QR card',
  review_flow: 'Choose your review flow',
  placements: 'Add placements (a QR code per table, counter or staff member)',
  team: 'Invite your team',
  google: 'Connect Google',
};

/** Google's policy in two lines, beside the review flow step. */
export const REVIEW_FLOW_POLICY =
  'Google\'s policy: every customer must be free to post a public review, so don\'t send only happy customers to Google. "Open to everyone" always shows both; "Smart routing" asks 1-3 stars for private feedback first.';

/**
 * The first-run checklist on the dashboard until its steps are done (and then until closed): each
 * step with what to do, ticked off from what the server sees.
 */
export function FirstRunChecklist() {
  const checklist = useOnboardingChecklist();
  if (!checklist.data || checklist.data.dismissed) return null;
  return <ChecklistCard checklist={checklist.data} />;
}

function ChecklistCard({ checklist }: { checklist: TOnboardingChecklist }) {
  const record = useRecordOnboarding();
  const doneCount = checklist.steps.filter((step) => step.done).length;
  // The next step to take says what to do; the others wait as one line each (short on a phone).
  const next = checklist.steps.find((step) => !step.done)?.key;
  return (
    <SectionCard
      titleId="first-run-title"
      title={CHECKLIST_TEXT.title}
      description={checklist.done ? CHECKLIST_TEXT.done : CHECKLIST_TEXT.description}
      gap="sm"
      data-testid="first-run-checklist"
    >
      <Progress
        value={(doneCount / Math.max(1, checklist.steps.length)) * 100}
        aria-label={`${doneCount} of ${checklist.steps.length} steps done`}
        size="sm"
      />
      <List spacing="sm" listStyleType="none" p={0}>
        {checklist.steps.map((step) => (
          <List.Item
            key={step.key}
            data-step={step.key}
            data-done={step.done || undefined}
            icon={
              <ThemeIcon
                size={22}
                radius="xl"
                color={step.done ? 'teal' : 'gray'}
                variant={step.done ? 'filled' : 'light'}
              >
                <span aria-hidden="true">{step.done ? '✓' : ''}</span>
              </ThemeIcon>
            }
          >
            <Stack gap={4}>
              <Text fw={600} td={step.done ? 'line-through' : undefined} c={step.done ? 'dimmed' : undefined}>
                {STEP_TITLES[step.key]}
                <VisuallyHidden>{step.done ? ' (done)' : ' (to do)'}</VisuallyHidden>
              </Text>
              {step.key === next ? <StepAction step={step.key} /> : null}
            </Stack>
          </List.Item>
        ))}
      </List>
      {checklist.done ? (
        <Group>
          <Button variant="default" onClick={() => record('dismissed')}>
            {CHECKLIST_TEXT.dismiss}
          </Button>
        </Group>
      ) : null}
    </SectionCard>
  );
}

/** What to do for one step, where it is done. */
function StepAction({ step }: { step: TOnboardingStep }): ReactNode {
  const record = useRecordOnboarding();
  const owner = useOwner();
  switch (step) {
    case 'review_link': {
      const link = owner.data?.reviewLink;
      return link ? (
        <Text size="sm">
          Open it once to see what your customers see:{' '}
          <Anchor
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => record('review_link_checked')}
          >
            Open your review link
          </Anchor>
        </Text>
      ) : (
        <Text size="sm">
          Your Google review link is not set yet: it is on your{' '}
          <AnchorLink to="/dashboard/profile">business profile</AnchorLink>.
        </Text>
      );
    }
    case 'qr_card':
      return (
        <Group gap="xs">
          <ButtonLink to="/dashboard/profile" size="xs" variant="light">
            Get your QR card
          </ButtonLink>
        </Group>
      );
    case 'review_flow':
      return <ReviewFlowChoice />;
    case 'placements':
      return (
        <Text size="sm">
          Track which table or staff member brings reviews:{' '}
          <AnchorLink to="/dashboard/profile">add placements</AnchorLink>.
        </Text>
      );
    case 'team':
      return (
        <Text size="sm">
          Let managers and staff answer feedback:{' '}
          <AnchorLink to="/dashboard/settings/$section" params={{ section: 'team' }}>
            invite your team
          </AnchorLink>
          .
        </Text>
      );
    case 'google':
      return (
        <Text size="sm">
          See and answer your Google reviews here:{' '}
          <AnchorLink to="/dashboard/settings/$section" params={{ section: 'channels' }}>
            connect Google
          </AnchorLink>
          .
        </Text>
      );
  }
}

/** The review flow, chosen in place: Google's policy in two lines, then the two choices. */
function ReviewFlowChoice() {
  const { settings, saver } = useSettings();
  const record = useRecordOnboarding();
  const current = saver.pending?.reviewFlow ?? settings.data?.reviewFlow;
  return (
    <Stack gap={6}>
      <Text size="sm" c="dimmed">
        {REVIEW_FLOW_POLICY}
      </Text>
      <Group gap="xs">
        {REVIEW_FLOW_OPTIONS.map((option) => (
          <Button
            key={option.value}
            size="xs"
            variant={current === option.value ? 'filled' : 'default'}
            disabled={!settings.data || saver.saving}
            onClick={() => {
              saver.save({ reviewFlow: option.value });
              record('review_flow_chosen');
            }}
          >
            {current === option.value ? `Keep ${option.label}` : option.label}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
