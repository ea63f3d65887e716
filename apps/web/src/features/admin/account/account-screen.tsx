import { Stack, Switch, Text } from '@mantine/core';
import { ADMIN_SECURITY_TEXTS } from '@starloop/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorBanner } from '../../../components/error-banner/error-banner.tsx';
import { notify } from '../../../components/notify.ts';
import { PasswordChangeForm } from '../../../components/password-change-form/password-change-form.tsx';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { anyMessage } from '../../../lib/api-errors.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { AdminPage } from '../shared/admin-page.tsx';
import { useAdminMe } from '../shared/use-admin-me.ts';
import { BillingProfileSection } from './billing-profile-section.tsx';

export const ACCOUNT_TEXTS = {
  title: 'My Account',
  passwordTitle: 'Change password',
  change: 'Change password',
  changeFailed: 'Could not change your password. Please try again.',
  securityTitle: 'Two-factor sign-in',
  requireLabel: 'Require two-factor sign-in for every admin',
  requireHelp:
    'Each admin without an authenticator app sets one up at their next sign-in and gets recovery codes. Sessions already open stay open.',
} as const;

/** Super admins: turn two-factor sign-in on (or off) for every admin. */
function SecuritySection() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.admin.security.get.queryOptions());
  const update = useMutation(trpc.admin.security.update.mutationOptions());

  const toggle = async (twoFactorRequired: boolean) => {
    try {
      const result = await update.mutateAsync({ twoFactorRequired });
      queryClient.setQueryData(trpc.admin.security.get.queryKey(), result.settings);
      notify.success(result.message);
    } catch (error) {
      notify.error(anyMessage(error));
    }
  };

  return (
    <SectionCard titleId="admin-security-title" title={ACCOUNT_TEXTS.securityTitle}>
      <Stack gap="xs" maw={560}>
        <Switch
          label={ACCOUNT_TEXTS.requireLabel}
          checked={settings.data?.twoFactorRequired ?? false}
          disabled={settings.isPending || update.isPending}
          onChange={(event) => void toggle(event.currentTarget.checked)}
        />
        <Text size="sm" c="dimmed">
          {ACCOUNT_TEXTS.requireHelp}
        </Text>
        {settings.isError ? <ErrorBanner message={anyMessage(settings.error)} /> : null}
      </Stack>
    </SectionCard>
  );
}

/**
 * /admin-dashboard/account: the admin's own password; for super admins, the two-factor switch and
 * the operator's billing profile.
 */
export function AccountScreen() {
  const trpc = useTrpc();
  const { me, isSuperAdmin } = useAdminMe();
  return (
    <AdminPage
      title={ACCOUNT_TEXTS.title}
      {...(me.data ? { description: `${me.data.name} · ${me.data.email}` } : {})}
    >
      {/* The admin's own password; the server signs out their other sessions. */}
      <PasswordChangeForm
        titleId="admin-password-title"
        options={trpc.admin.auth.changePassword.mutationOptions()}
        changed={ADMIN_SECURITY_TEXTS.passwordChanged}
      />
      {isSuperAdmin ? <SecuritySection /> : null}
      {isSuperAdmin ? <BillingProfileSection /> : null}
    </AdminPage>
  );
}
