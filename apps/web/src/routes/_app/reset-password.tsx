import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../../features/auth/password-token-page.tsx';
import { validateTokenSearch } from '../../features/auth/token-search.ts';
import { titleHead } from '../../lib/page-title.ts';

/** The emailed reset link: /reset-password#token=… (older links: ?token=; decisions.md). */
export const Route = createFileRoute('/_app/reset-password')({
  head: titleHead('Reset your password'),
  validateSearch: validateTokenSearch,
  component: ResetPasswordPage,
});
