import { Radio, Stack, Text } from '@mantine/core';
import type { TOwnerSettings } from '@starloop/contract';
import { useRecordOnboarding } from '../onboarding/use-onboarding.ts';
import { REVIEW_FLOW_OPTIONS, REVIEW_GATING_NOTE } from './review-flow-options.ts';
import { SavedSection } from './saved-note.tsx';
import type { TSettingsSaver } from './use-settings.ts';

/** How the review page treats each rating (decisions.md: Review flow). Saved on change. */
export function ReviewFlowSection({ settings, saver }: { settings: TOwnerSettings; saver: TSettingsSaver }) {
  const value = saver.pending?.reviewFlow ?? settings.reviewFlow;
  const recordOnboarding = useRecordOnboarding();
  return (
    <SavedSection titleId="review-flow-title" title="Review flow" saver={saver} field="reviewFlow" gap="xs">
      <Radio.Group
        value={value}
        onChange={(next) => {
          if (next !== 'smart' && next !== 'open') return;
          saver.save({ reviewFlow: next });
          recordOnboarding('review_flow_chosen');
        }}
        label="What your customers see after they rate you"
        description={REVIEW_GATING_NOTE}
      >
        <Stack gap="sm" mt="sm">
          {REVIEW_FLOW_OPTIONS.map((option) => (
            <Radio
              key={option.value}
              value={option.value}
              label={option.label}
              description={option.description}
              disabled={saver.saving}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Text size="xs" c="dimmed" mt="sm">
        Changes apply to your review page at once.
      </Text>
    </SavedSection>
  );
}
