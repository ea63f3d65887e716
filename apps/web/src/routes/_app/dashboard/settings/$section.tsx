import { createFileRoute, notFound } from '@tanstack/react-router';
import { SettingsSectionScreen } from '../../../../features/owner/settings/settings-screen.tsx';
import { settingsSectionOf } from '../../../../features/owner/settings/settings-sections.tsx';
import { titleHead } from '../../../../lib/page-title.ts';

/** One section of Settings (settings-sections.tsx): /dashboard/settings/review-page, /team, ... */
export const Route = createFileRoute('/_app/dashboard/settings/$section')({
  head: titleHead('Settings'),
  beforeLoad: ({ params }) => {
    if (!settingsSectionOf(params.section)) throw notFound();
  },
  component: SettingsSectionRoute,
});

function SettingsSectionRoute() {
  const { section } = Route.useParams();
  const found = settingsSectionOf(section);
  return found ? <SettingsSectionScreen section={found} /> : null;
}
