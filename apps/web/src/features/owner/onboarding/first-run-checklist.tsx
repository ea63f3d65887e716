import { Anchor, Button, Group, List, Progress, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import type { TOnboardingChecklist, TOnboardingStep } from '@starloop/contract';
import { fill, plural } from '@starloop/review-page';
import type { ReactNode } from 'react';
import { AnchorLink, ButtonLink } from '../../../components/router-links.tsx';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { enFirst } from '../../../lib/owner-i18n/en-first.ts';
import { useFirstViewMessages, useOwnerLanguage } from '../../../lib/owner-i18n/owner-i18n.tsx';
import { REVIEW_FLOW_OPTIONS } from '../settings/review-flow-options.ts';
import { useSettings } from '../settings/use-settings.ts';
import { useOwner } from '../shared/use-owner.ts';
import { useOnboardingChecklist, useRecordOnboarding } from './use-onboarding.ts';

/** The English texts (the catalog's; tests read them). */
export const CHECKLIST_TEXT = enFirst.checklist;

/** Each step's title, in the server's order (English). */
export const STEP_TITLES: Record<TOnboardingStep, string> = enFirst.checklist.steps;

/** Google's policy in two lines, beside the review flow step (English). */
export const REVIEW_FLOW_POLICY = enFirst.checklist.policy;

/** A sentence with a link in it: the catalog's `{link}` marks where the link goes. */
function withLink(template: string, link: ReactNode): ReactNode {
  const [before = '', after = ''] = template.split('{link}');
  return (
    <>
      {before}
      {link}
      {after}
    </>
  );
}

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
  const t = useFirstViewMessages().checklist;
  const { language } = useOwnerLanguage();
  const record = useRecordOnboarding();
  const doneCount = checklist.steps.filter((step) => step.done).length;
  // The next step to take says what to do; the others wait as one line each (short on a phone).
  const next = checklist.steps.find((step) => !step.done)?.key;
  return (
    <SectionCard
      titleId="first-run-title"
      title={t.title}
      description={checklist.done ? t.done : t.description}
      gap="sm"
      data-testid="first-run-checklist"
    >
      <Progress
        value={(doneCount / Math.max(1, checklist.steps.length)) * 100}
        aria-label={fill(plural(language, t.progress, checklist.steps.length), { done: doneCount })}
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
                {t.steps[step.key]}
                <VisuallyHidden>{` ${step.done ? t.stepDone : t.stepToDo}`}</VisuallyHidden>
              </Text>
              {step.key === next ? <StepAction step={step.key} /> : null}
            </Stack>
          </List.Item>
        ))}
      </List>
      {checklist.done ? (
        <Group>
          <Button variant="default" onClick={() => record('dismissed')}>
            {t.dismiss}
          </Button>
        </Group>
      ) : null}
    </SectionCard>
  );
}

/** What to do for one step, where it is done. */
function StepAction({ step }: { step: TOnboardingStep }): ReactNode {
  const t = useFirstViewMessages().checklist;
  const record = useRecordOnboarding();
  const owner = useOwner();
  switch (step) {
    case 'review_link': {
      const link = owner.data?.reviewLink;
      return link ? (
        <Text size="sm">
          {withLink(
            t.reviewLink,
            <Anchor
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => record('review_link_checked')}
            >
              {t.reviewLinkLink}
            </Anchor>,
          )}
        </Text>
      ) : (
        <Text size="sm">
          {withLink(t.noReviewLink, <AnchorLink to="/dashboard/profile">{t.noReviewLinkLink}</AnchorLink>)}
        </Text>
      );
    }
    case 'qr_card':
      return (
        <Group gap="xs">
          <ButtonLink to="/dashboard/profile" size="xs" variant="light">
            {t.qrCard}
          </ButtonLink>
        </Group>
      );
    case 'review_flow':
      return <ReviewFlowChoice />;
    case 'placements':
      return (
        <Text size="sm">
          {withLink(t.placements, <AnchorLink to="/dashboard/profile">{t.placementsLink}</AnchorLink>)}
        </Text>
      );
    case 'team':
      return (
        <Text size="sm">
          {withLink(
            t.team,
            <AnchorLink to="/dashboard/settings/$section" params={{ section: 'team' }}>
              {t.teamLink}
            </AnchorLink>,
          )}
        </Text>
      );
    case 'google':
      return (
        <Text size="sm">
          {withLink(
            t.google,
            <AnchorLink to="/dashboard/settings/$section" params={{ section: 'channels' }}>
              {t.googleLink}
            </AnchorLink>,
          )}
        </Text>
      );
  }
}

/** The review flow, chosen in place: Google's policy in two lines, then the two choices. */
function ReviewFlowChoice() {
  const messages = useFirstViewMessages();
  const t = messages.checklist;
  const flows = messages.settings.reviewFlow.options;
  const { settings, saver } = useSettings();
  const record = useRecordOnboarding();
  const current = saver.pending?.reviewFlow ?? settings.data?.reviewFlow;
  return (
    <Stack gap={6}>
      <Text size="sm" c="dimmed">
        {t.policy}
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
            {current === option.value
              ? fill(t.keep, { flow: flows[option.value].label })
              : flows[option.value].label}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
