import { Anchor, Box, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { BrandMark } from './brand-mark.tsx';
import classes from './site-footer.module.css';
import { SITE_CONTACT } from './site-info.ts';

/**
 * The public pages' footer. `#contact` (the mobile menu's Contact entry) is here. The spec's footer
 * links (Privacy, Terms, Support, Blog) had no targets: the first three go to their pages, Blog
 * stays plain text until there is a blog.
 */
export function SiteFooter() {
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap="sm">
            <span className={classes.mark}>
              <BrandMark />
            </span>
            <Text size="sm">
              Review collection and reputation management for Indian businesses: a QR code, a one-tap review
              page and automatic replies.
            </Text>
          </Stack>
          <section id="contact" aria-labelledby="footer-contact">
            <Title order={2} size="h4" className={classes.heading} id="footer-contact" mb="sm">
              Contact
            </Title>
            <Stack gap={6}>
              <Text size="sm">
                Email:{' '}
                <Anchor href={`mailto:${SITE_CONTACT.supportEmail}`}>{SITE_CONTACT.supportEmail}</Anchor>
              </Text>
              <Text size="sm">
                Phone: <Anchor href={SITE_CONTACT.phoneHref}>{SITE_CONTACT.phoneDisplay}</Anchor>
              </Text>
              <Text size="sm">{SITE_CONTACT.hours}</Text>
              <Text size="sm">
                <Anchor component={Link} to="/contact">
                  Request a demo
                </Anchor>
              </Text>
            </Stack>
          </section>
          <nav aria-labelledby="footer-links">
            <Title order={2} size="h4" className={classes.heading} id="footer-links" mb="sm">
              Company
            </Title>
            <ul className={classes.links}>
              <li>
                <Link to="/privacy-policy">Privacy</Link>
              </li>
              <li>
                <Link to="/terms">Terms</Link>
              </li>
              <li>
                <Link to="/support">Support</Link>
              </li>
              <li>
                <span>Blog</span>
              </li>
            </ul>
          </nav>
        </SimpleGrid>
        <Text size="sm" className={classes.bottom}>
          © {new Date().getFullYear()} StarLoop. Made in {SITE_CONTACT.city}.
        </Text>
      </Container>
    </Box>
  );
}
