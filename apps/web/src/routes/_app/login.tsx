import { createFileRoute } from '@tanstack/react-router';
import { ScreenPlaceholder } from '../../components/screen-placeholder.tsx';
import { titleHead } from '../../lib/page-title.ts';

export const Route = createFileRoute('/_app/login')({
  head: titleHead('Login'),
  component: () => <ScreenPlaceholder title="Login" standalone />,
});
