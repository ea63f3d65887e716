import { createFileRoute, notFound } from '@tanstack/react-router';
import { SettingsSectionRoute } from '../../../../features/owner/settings/settings-screen.tsx';
import { isSettingsSlug } from '../../../../features/owner/settings/settings-slugs.ts';
import { titleHead } from '../../../../lib/page-title.ts';

/** One section of Settings (settings-sections.tsx): /dashboard/settings/review-page, /team, ... */
export const Route = createFileRoute('/_app/dashboard/settings/$section')({
  head: titleHead('Settings'),
  beforeLoad: ({ params }) => {
    if (!isSettingsSlug(params.section)) throw notFound();
  },
  component: SettingsSection,
});

function SettingsSection() {
  const { section } = Route.useParams();
  return <SettingsSectionRoute section={section} />;
}
