import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../../features/auth/login-page.tsx';
import { titleHead } from '../../lib/page-title.ts';

export const Route = createFileRoute('/_app/login')({
  head: titleHead('Login'),
  component: LoginPage,
});
