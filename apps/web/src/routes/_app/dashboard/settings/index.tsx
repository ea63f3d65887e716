import { createFileRoute } from '@tanstack/react-router';
import { SettingsScreen } from '../../../../features/owner/settings/settings-screen.tsx';
import { titleHead } from '../../../../lib/page-title.ts';

/** Settings: the sections' index (and, on a desktop, every section below it). */
export const Route = createFileRoute('/_app/dashboard/settings/')({
  head: titleHead('Settings'),
  component: SettingsScreen,
});
