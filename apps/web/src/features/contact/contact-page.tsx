import { Box, Container, Grid, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { EmailCard, PhoneCard } from '../../components/contact-card/contact-card.tsx';
import { PublicPage } from '../landing/public-page.tsx';
import type { TSiteLink } from '../landing/site-header.tsx';
import { SITE_CONTACT } from '../landing/site-info.ts';
import { DemoRequestForm } from './demo-request-form.tsx';

/** Spec section 2 (/contact): the three promises of 'What Happens Next?'. */
export const NEXT_STEPS = [
  { title: 'We contact you', text: 'Our team reaches out within 2 hours during business hours.' },
  {
    title: 'Your personal demo',
    text: 'A 15-minute personalized demo walkthrough of StarLoop for your business.',
  },
  {
    title: 'You are live',
    text: 'Account setup within 24 hours: your QR code and review page, ready to use.',
  },
] as const;

const LINKS: readonly TSiteLink[] = [
  { label: 'Features', to: '/', hash: 'features' },
  { label: 'Pricing', to: '/', hash: 'pricing' },
];

/** /contact: the navigation bar, a hero, two contact cards, the demo form and what happens next. */
export function ContactPage() {
  return (
    <PublicPage links={LINKS}>
      <Box
        py={{ base: 40, sm: 72 }}
        style={{
          background:
            'radial-gradient(50rem 24rem at 80% -20%, var(--mantine-color-brand-1) 0%, transparent 70%), var(--mantine-color-white)',
        }}
      >
        <Container size="lg">
          <Text fw={700} c="brand.7" tt="uppercase" size="sm">
            Contact
          </Text>
          <Title order={1} mt={6} fz={{ base: 32, sm: 44 }} lh={1.15} maw={720}>
            Let's get your business more 5-star reviews
          </Title>
          <Text size="lg" c="gray.7" mt="md" maw={640}>
            Book a free demo or ask us anything about StarLoop. A real person from our team answers, usually
            within 2 hours.
          </Text>
        </Container>
      </Box>

      <Container size="lg" pb={{ base: 48, sm: 80 }}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" mb={48}>
          <EmailCard
            id="sales-inquiry"
            title="Sales Inquiry"
            text="Plans, pricing for several branches, or a partnership: write to our sales team."
            email={SITE_CONTACT.salesEmail}
            strong
          />
          <PhoneCard
            id="quick-call"
            title="Quick Call"
            text={`Prefer to talk? Call us ${SITE_CONTACT.hours}.`}
            phone={SITE_CONTACT}
            strong
          />
        </SimpleGrid>

        <Grid gap={{ base: 32, md: 48 }}>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <DemoRequestForm />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Paper
              radius="lg"
              p={{ base: 'md', sm: 'xl' }}
              bg="brand.0"
              component="aside"
              aria-labelledby="next-title"
            >
              <Title order={2} size="h3" id="next-title" mb="md">
                What Happens Next?
              </Title>
              <List type="ordered" spacing="md" listStyleType="none" withPadding={false}>
                {NEXT_STEPS.map((step, index) => (
                  <List.Item
                    key={step.title}
                    icon={
                      <ThemeIcon size={32} radius="xl" aria-hidden="true">
                        {index + 1}
                      </ThemeIcon>
                    }
                  >
                    <Stack gap={2}>
                      <Text fw={700}>{step.title}</Text>
                      <Text size="sm" c="gray.8">
                        {step.text}
                      </Text>
                    </Stack>
                  </List.Item>
                ))}
              </List>
            </Paper>
          </Grid.Col>
        </Grid>
      </Container>
    </PublicPage>
  );
}
