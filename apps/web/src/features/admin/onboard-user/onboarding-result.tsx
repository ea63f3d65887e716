import { ActionIcon, Alert, Anchor, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { TOnboardingResult } from '@starloop/contract';
import { CHECK_PATH, LineIcon } from '../../../components/line-icon/line-icon.tsx';

export interface TOnboardedCustomer {
  id: number;
  code: string;
  setPasswordUrl: string;
  name: string;
  businessName: string;
}

/** Joins the server's users with the names typed in the wizard (same order, matched by code). */
export function onboardedCustomers(
  result: TOnboardingResult,
  branches: readonly { code: string; name: string; businessName: string }[],
): TOnboardedCustomer[] {
  return result.users.map((user, index) => {
    const branch = branches.find((b) => b.code === user.code) ?? branches[index];
    return { ...user, name: branch?.name ?? '', businessName: branch?.businessName ?? '' };
  });
}

function CopyIcon({ copied }: { copied: boolean }) {
  return copied ? (
    <LineIcon size={16} path={CHECK_PATH} />
  ) : (
    <LineIcon size={16}>
      <rect x="9" y="9" width="11" height="11" rx="2" />
      <path d="M5 15V5a2 2 0 0 1 2-2h10" />
    </LineIcon>
  );
}

/**
 * The set-password links of the onboarded owners, shown once (decisions.md) and kept on screen
 * until dismissed, while the wizard itself starts over.
 */
export function OnboardingResult({
  customers,
  onDismiss,
}: {
  customers: TOnboardedCustomer[];
  onDismiss: () => void;
}) {
  return (
    <Alert
      color="green"
      variant="light"
      title={`Onboarded ${customers.length} customer${customers.length === 1 ? '' : 's'}`}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onDismiss}
    >
      <Stack gap="sm">
        <Text size="sm">
          Hand each owner their set-password link (valid 7 days). It was also emailed to the payment email and
          is not shown again.
        </Text>
        {customers.map((customer) => (
          <Group key={customer.id} gap="xs" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0, flex: 1 }}>
              <Text size="sm" fw={600}>
                {customer.businessName || customer.code} ({customer.code})
                {customer.name ? ` · ${customer.name}` : ''}
              </Text>
              <Anchor href={customer.setPasswordUrl} size="xs" style={{ overflowWrap: 'anywhere' }}>
                {customer.setPasswordUrl}
              </Anchor>
            </div>
            <CopyButton value={customer.setPasswordUrl} timeout={2000}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : 'Copy link'} withArrow>
                  <ActionIcon
                    variant="light"
                    color={copied ? 'teal' : 'gray'}
                    onClick={copy}
                    aria-label={
                      copied ? `Copied link for ${customer.code}` : `Copy link for ${customer.code}`
                    }
                  >
                    <CopyIcon copied={copied} />
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}
