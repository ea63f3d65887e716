import { Radio, Stack, Text } from '@mantine/core';
import type { TOwnerSettings } from '@starloop/contract';
import { useOwnerMessages } from '../../../lib/owner-i18n/owner-messages.ts';
import { useRecordOnboarding } from '../onboarding/use-onboarding.ts';
import { REVIEW_FLOW_OPTIONS } from './review-flow-options.ts';
import { SavedSection } from './saved-note.tsx';
import type { TSettingsSaver } from './use-settings.ts';

/** How the review page treats each rating (decisions.md: Review flow). Saved on change. */
export function ReviewFlowSection({ settings, saver }: { settings: TOwnerSettings; saver: TSettingsSaver }) {
  const value = saver.pending?.reviewFlow ?? settings.reviewFlow;
  const recordOnboarding = useRecordOnboarding();
  const t = useOwnerMessages().settings.reviewFlow;
  return (
    <SavedSection titleId="review-flow-title" title={t.title} saver={saver} field="reviewFlow" gap="xs">
      <Radio.Group
        value={value}
        onChange={(next) => {
          if (next !== 'smart' && next !== 'open') return;
          saver.save({ reviewFlow: next });
          recordOnboarding('review_flow_chosen');
        }}
        label={t.label}
        description={t.gatingNote}
      >
        <Stack gap="sm" mt="sm">
          {REVIEW_FLOW_OPTIONS.map((option) => (
            <Radio
              key={option.value}
              value={option.value}
              label={t.options[option.value].label}
              description={t.options[option.value].description}
              disabled={saver.saving}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Text size="xs" c="dimmed" mt="sm">
        {t.atOnce}
      </Text>
    </SavedSection>
  );
}
