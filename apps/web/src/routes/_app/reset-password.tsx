import { createFileRoute } from '@tanstack/react-router';
import { PasswordTokenPage } from '../../features/auth/password-token-page.tsx';
import { validateTokenSearch } from '../../features/auth/token-search.ts';
import { titleHead } from '../../lib/page-title.ts';

/** The emailed reset link: /reset-password?token=… (decisions.md). */
export const Route = createFileRoute('/_app/reset-password')({
  head: titleHead('Reset your password'),
  validateSearch: validateTokenSearch,
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useSearch();
  return <PasswordTokenPage kind="reset" token={token} />;
}
