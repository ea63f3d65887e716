import { createFileRoute } from '@tanstack/react-router';
import { SetPasswordPage } from '../../features/auth/password-token-page.tsx';
import { validateTokenSearch } from '../../features/auth/token-search.ts';
import { titleHead } from '../../lib/page-title.ts';

/** An onboarded owner's one-time link: /set-password#token=… (older links: ?token=; decisions.md). */
export const Route = createFileRoute('/_app/set-password')({
  head: titleHead('Set your password'),
  validateSearch: validateTokenSearch,
  component: SetPasswordPage,
});
