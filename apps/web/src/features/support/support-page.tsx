import {
  Accordion,
  Anchor,
  Box,
  Container,
  Grid,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { monthlyPriceLine, PLAN_LIST, PLANS, termLine } from '@starloop/contract';
import { Link } from '@tanstack/react-router';
import { ContactCard, EmailCard, PhoneCard } from '../../components/contact-card/contact-card.tsx';
import { PublicPage } from '../landing/public-page.tsx';
import { SITE_CONTACT } from '../landing/site-info.ts';
import { SupportContactForm } from './support-contact-form.tsx';

/** The six questions of the support page (spec section 2 gives the count; the answers are ours). */
export const SUPPORT_FAQ = [
  {
    id: 'qr',
    question: 'How does the StarLoop QR code work?',
    answer: (
      <>
        Your QR code opens your own review page (/review/your-business-code on StarLoop). Print it on table
        tents, bills or the counter. A customer scans it with the phone camera, taps a star rating, and is
        done: 4 or 5 stars take them to your public review page (for example Google) to post their review, 1
        to 3 stars open a short private feedback form that only you see. Download the QR code from the Profile
        tab of your dashboard.
      </>
    ),
  },
  {
    id: 'replies',
    question: 'When do automatic replies arrive?',
    answer: (
      <>
        Every review with a message gets an automatic reply: a warm thank-you for positive feedback and a
        professional, caring reply for negative feedback, emailed to the customer when they left an email
        address. On Professional, automatic replies arrive {PLANS.professional.autoReply.within}, personalised
        and written from your own templates. On Essential, a standard thank-you reply is sent{' '}
        {PLANS.essential.autoReply.within}.
      </>
    ),
  },
  {
    id: 'plans',
    question: 'Which plan is right for me?',
    answer: (
      <>
        {PLAN_LIST.map((plan) => (
          <span key={plan.key}>
            {plan.name} ({monthlyPriceLine(plan)}; {termLine(plan).toLowerCase()}): {plan.features.join(', ')}
            .{' '}
          </span>
        ))}
        You can upgrade from Essential to Professional any time from the Plan tab.
      </>
    ),
  },
  {
    id: 'review-link',
    question: 'How do I change my review link or business details?',
    answer: (
      <>
        Your business profile is read-only in the dashboard so that your QR code and review page never break
        by accident. Email us from your registered address with the new review link (or other details) and we
        update it, usually the same day. Your QR code stays the same: it points to your StarLoop review page,
        not to the link itself.
      </>
    ),
  },
  {
    id: 'export',
    question: 'Can I export my reviews and data?',
    answer: (
      <>
        Yes. Ask us by email and we send you your reviews and account data as a spreadsheet (CSV or Excel). If
        you leave StarLoop you keep a 30-day window to request this export before your data is deleted.
      </>
    ),
  },
  {
    id: 'cancel',
    question: 'How do I cancel my subscription?',
    answer: (
      <>
        There is nothing to cancel: plans are paid in advance and do not renew on their own. When your period
        ends you can renew from the Plan tab, or simply let it lapse; your review page keeps working for 7
        more days. To close your account and delete your data, email us. Paid periods are not refunded (see
        the{' '}
        <Anchor component={Link} to="/terms">
          Terms of Service
        </Anchor>
        ).
      </>
    ),
  },
] as const;

/** /support: the FAQ, how to reach us, and a contact form (spec section 2). */
export function SupportPage() {
  return (
    <PublicPage>
      <Box py={{ base: 40, sm: 64 }} bg="gray.0">
        <Container size="lg">
          <Title order={1}>Support</Title>
          <Text size="lg" c="gray.7" mt="xs" maw={640}>
            Answers to common questions, and real people when you need them. Our average response time is
            under 2 hours, and every message gets a reply within 24 hours.
          </Text>
          <Group gap="xl" mt="lg">
            <div>
              <Text fz={28} fw={800} lh={1.1}>
                &lt; 2 hours
              </Text>
              <Text size="sm" c="gray.7">
                average response time
              </Text>
            </div>
            <div>
              <Text fz={28} fw={800} lh={1.1}>
                24 hours
              </Text>
              <Text size="sm" c="gray.7">
                longest wait for a reply
              </Text>
            </div>
          </Group>
        </Container>
      </Box>

      <Container size="lg" py={{ base: 32, sm: 56 }}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" mb={56}>
          <EmailCard
            id="support-email"
            title="Email support"
            text="For anything about your account, plan or review page."
            email={SITE_CONTACT.supportEmail}
          />
          <PhoneCard
            id="support-chat"
            icon="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.4A8 8 0 1 1 21 12z"
            title="Live chat"
            text={`Talk to a person ${SITE_CONTACT.hours}: call or WhatsApp us.`}
            phone={SITE_CONTACT}
          />
          <ContactCard
            id="support-docs"
            icon="M4 5a2 2 0 0 1 2-2h12v16H6a2 2 0 0 0-2 2zM4 21V5M8 7h6"
            title="Documentation"
            text="Step-by-step answers on QR codes, replies, plans and your data."
            href="#faq"
            link="Read the guides"
          />
        </SimpleGrid>

        <Grid gap={{ base: 40, md: 56 }}>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md" id="faq" style={{ scrollMarginTop: '5rem' }}>
              <Title order={2}>Frequently asked questions</Title>
              <Accordion variant="separated" radius="md">
                {SUPPORT_FAQ.map((item) => (
                  <Accordion.Item key={item.id} value={item.id}>
                    <Accordion.Control>
                      <Text fw={600} component="span">
                        {item.question}
                      </Text>
                    </Accordion.Control>
                    <Accordion.Panel>
                      <Text size="sm" c="gray.8">
                        {item.answer}
                      </Text>
                    </Accordion.Panel>
                  </Accordion.Item>
                ))}
              </Accordion>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <SupportContactForm />
          </Grid.Col>
        </Grid>
      </Container>
    </PublicPage>
  );
}
