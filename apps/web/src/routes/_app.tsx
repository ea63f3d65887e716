import { createFileRoute, Outlet } from '@tanstack/react-router';
import { MantineApp } from '../components/mantine-app/mantine-app.tsx';

/**
 * Pathless layout: every screen except /review/* and the 404 page. It brings Mantine (provider,
 * theme, toasts and CSS); with code splitting all of that stays in this route's own chunk.
 */
export const Route = createFileRoute('/_app')({
  component: AppLayout,
});

function AppLayout() {
  return (
    <MantineApp>
      <Outlet />
    </MantineApp>
  );
}
