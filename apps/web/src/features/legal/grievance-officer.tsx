import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTrpc } from '../../lib/use-trpc.ts';
import { SITE_CONTACT } from '../landing/site-info.ts';

/**
 * The grievance officer an admin named (public.privacy.grievanceOfficer); until it is known, or
 * when none is named, the privacy address.
 */
export function GrievanceOfficer() {
  const trpc = useTrpc();
  const officer = useQuery({
    ...trpc.public.privacy.grievanceOfficer.queryOptions(),
    retry: false,
    staleTime: 300_000,
  });
  const named = officer.data?.name && officer.data.email ? officer.data : null;
  const email = named?.email ?? SITE_CONTACT.privacyEmail;
  return (
    <Text data-testid="grievance-officer">
      Our grievance officer{named ? ` is ${named.name}` : ''}: write to{' '}
      <Anchor href={`mailto:${email}`}>{email}</Anchor>
      {named?.phone ? ` or call ${named.phone}` : ''}. We acknowledge a grievance within 48 hours and resolve
      it within 30 days. If you are not satisfied with our answer, you may complain to the Data Protection
      Board of India.
    </Text>
  );
}
