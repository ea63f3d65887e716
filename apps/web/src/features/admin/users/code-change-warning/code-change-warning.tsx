import { Alert, Checkbox, List } from '@mantine/core';
import { BUSINESS_TEXTS } from '@starloop/contract';

export const CODE_CHANGE_TEXT = {
  title: 'You are changing the business code',
  lines: (oldCode: string, newCode: string) => [
    `The review page moves to /review/${newCode || '…'}.`,
    `QR codes and links printed with /review/${oldCode} keep working: they forward to the new address, for good.`,
    `No other business can ever take ${oldCode}.`,
    'Tell the owner to print the new QR code when they can.',
  ],
  understand: 'I understand: the old code forwards to the new one',
} as const;

export interface TCodeChangeWarningProps {
  oldCode: string;
  newCode: string;
  confirmed: boolean;
  onConfirmedChange: (confirmed: boolean) => void;
  /** The save was tried without the box ticked. */
  missing: boolean;
}

/** What a business code change does, and the box to tick before it is saved (issue 34). */
export function CodeChangeWarning({
  oldCode,
  newCode,
  confirmed,
  onConfirmedChange,
  missing,
}: TCodeChangeWarningProps) {
  return (
    <Alert color="yellow" variant="light" title={CODE_CHANGE_TEXT.title} data-testid="code-change-warning">
      <List size="sm" spacing={4} mb="sm">
        {CODE_CHANGE_TEXT.lines(oldCode, newCode).map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      <Checkbox
        label={CODE_CHANGE_TEXT.understand}
        checked={confirmed}
        onChange={(event) => onConfirmedChange(event.currentTarget.checked)}
        error={missing && !confirmed ? BUSINESS_TEXTS.confirmRequired : undefined}
      />
    </Alert>
  );
}
