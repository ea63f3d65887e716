import { createFileRoute } from '@tanstack/react-router';
import { ContactScreen } from '../../../../features/owner/requests/contact-screen.tsx';
import { contactDetail } from '../../../../features/owner/requests/request-details.ts';
import { titleHead } from '../../../../lib/page-title.ts';

export const Route = createFileRoute('/_app/dashboard/requests/contacts/$contactId')({
  head: titleHead('Customer'),
  ...contactDetail.route,
  component: function ContactRoute() {
    const { contactId } = Route.useParams();
    return <ContactScreen contactId={contactId} />;
  },
});
