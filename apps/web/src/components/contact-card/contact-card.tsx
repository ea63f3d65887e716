import { Anchor, Card, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LineIcon } from '../line-icon/line-icon.tsx';

export interface TContactCardProps {
  /** Id of the title, which names the card's section. */
  id: string;
  /** The icon's path (24x24 grid). */
  icon: string;
  title: string;
  text: ReactNode;
  href: string;
  link: string;
  /** A bold link (the contact page's). */
  strong?: boolean;
}

/** One way to reach us: icon, title, a line of text and the link (contact and support pages). */
export function ContactCard({ id, icon, title, text, href, link, strong = false }: TContactCardProps) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={id}>
      <ThemeIcon size={44} radius="md" variant="light">
        <LineIcon path={icon} size={22} />
      </ThemeIcon>
      <Title order={2} size="h4" mt="md" id={id}>
        {title}
      </Title>
      <Text size="sm" c="gray.7" mt={4}>
        {text}
      </Text>
      <Anchor href={href} mt="sm" display="inline-block" fw={strong ? 600 : undefined}>
        {link}
      </Anchor>
    </Card>
  );
}

/** The icons of the two ways to reach us (24x24 paths). */
export const CONTACT_ICONS = {
  mail: 'M3 6h18v12H3zM3 7l9 6 9-6',
  phone: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2',
} as const;

type TCardText = Omit<TContactCardProps, 'icon' | 'href' | 'link'>;

/** Write to us: the mail icon and a mailto link to `email`. */
export function EmailCard({ email, ...card }: TCardText & { email: string }) {
  return <ContactCard {...card} icon={CONTACT_ICONS.mail} href={`mailto:${email}`} link={email} />;
}

/** Call us: the number (its tel: link and how it reads), the phone icon unless another is given. */
export function PhoneCard({
  phone,
  icon = CONTACT_ICONS.phone,
  ...card
}: TCardText & { phone: { phoneHref: string; phoneDisplay: string }; icon?: string }) {
  return <ContactCard {...card} icon={icon} href={phone.phoneHref} link={phone.phoneDisplay} />;
}
