import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '../../features/register/register-page.tsx';
import { titleHead } from '../../lib/page-title.ts';

export const Route = createFileRoute('/_app/register')({
  head: titleHead('Create your account'),
  component: RegisterPage,
});
