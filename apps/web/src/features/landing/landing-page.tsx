import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { LANDING_PLANS } from '@starloop/contract';
import { useState } from 'react';
import { CheckList } from '../../components/check-list/check-list.tsx';
import { LineIcon } from '../../components/line-icon/line-icon.tsx';
import { ButtonLink } from '../../components/router-links.tsx';
import { StarMark } from '../../components/star-mark/star-mark.tsx';
import { hasToken } from '../../lib/auth.ts';
import { formatRupees } from '../../lib/format.ts';
import classes from './landing-page.module.css';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader, type TSiteLink } from './site-header.tsx';

/** Texts of spec section 2 (landing page), verbatim where the spec quotes them. */
export const LANDING_TEXT = {
  getStarted: 'Get Started',
  getStartedNow: 'Get Started Now',
  dashboard: 'Dashboard',
  recentReviews: 'Recent Reviews',
  live: 'Live',
  newReview: 'New Review!',
  mostPopular: 'Most Popular',
  launchOffer: 'Limited Time Launch Offer',
  revolution: 'Join the Review Revolution',
} as const;

const SAMPLE_REVIEWS = [
  { name: 'Priya S.', rating: 5, text: 'Loved the masala chai and the quick service!', when: '2 min ago' },
  { name: 'Rahul M.', rating: 4, text: 'Great food, the wait was a little long.', when: '18 min ago' },
  {
    name: 'Anita K.',
    rating: 5,
    text: 'Friendly staff and a spotless place. Will be back.',
    when: '1 hr ago',
  },
] as const;

function Stars({ rating, size = 16 }: { rating: number; size?: number }) {
  return (
    <span className={classes.stars} role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <StarMark key={n} size={size} className={n > rating ? classes.starOff : undefined} />
      ))}
    </span>
  );
}

const FEATURES = [
  {
    title: 'QR-based review collection',
    text: 'Every business gets a unique QR code for the counter, the menu or the bill. Customers scan it, tap a star rating and are done in seconds, no app and no sign-up.',
    icon: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2zM14 18h2M18 14h2',
  },
  {
    title: 'All-in-one dashboard',
    text: 'Reviews, responses and performance metrics in one place: your average rating, five-star share and trends, on your phone or your laptop.',
    icon: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  },
  {
    title: 'Automatic review replies',
    text: 'A warm thank-you for positive feedback and a professional, caring tone for negative feedback, drafted for you automatically so no review goes unanswered.',
    icon: 'M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.4A8 8 0 1 1 21 12zM8 12h.01M12 12h.01M16 12h.01',
  },
] as const;

/** The landing page (/). Signed-in owners (token present, checked once on load) get 'Dashboard'. */
export function LandingPage() {
  const [signedIn] = useState(() => hasToken('owner'));
  const cta = signedIn
    ? { label: LANDING_TEXT.dashboard, to: '/dashboard' as const }
    : { label: LANDING_TEXT.getStarted, to: '/login' as const };
  const links: TSiteLink[] = [
    { label: 'Features', hash: 'features' },
    ...(signedIn ? [] : [{ label: 'Pricing', hash: 'pricing' }]),
    { label: 'Contact', to: '/contact' },
  ];
  const mobileLinks: TSiteLink[] = [
    { label: 'Features', hash: 'features' },
    ...(signedIn ? [] : [{ label: 'Pricing', hash: 'pricing' }]),
    { label: 'Contact', hash: 'contact' },
  ];

  return (
    <>
      <SiteHeader links={links} mobileLinks={mobileLinks} cta={cta} />
      <main>
        <Hero signedIn={signedIn} />
        <Features />
        {signedIn ? null : <Pricing />}
        {signedIn ? null : <ClosingBanner />}
      </main>
      <SiteFooter />
    </>
  );
}

function Hero({ signedIn }: { signedIn: boolean }) {
  return (
    <Box component="section" className={classes.hero} aria-labelledby="hero-title">
      <Container size="lg">
        <Grid gap={{ base: 40, md: 64 }} align="center">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <Badge variant="light" size="lg" w="fit-content">
                Built for Indian businesses
              </Badge>
              <Title order={1} id="hero-title" className={classes.heroTitle}>
                Turn happy customers into{' '}
                <span className={classes.highlight}>
                  <span className={classes.nowrap}>5-star</span> reviews
                </span>
              </Title>
              <Text size="lg" c="gray.7" maw={560}>
                StarLoop gives your business a QR code that opens a one-tap review page. Happy customers go
                straight to your public review page, concerns reach you privately so you can put things right,
                and every review gets a reply.
              </Text>
              <Group gap="sm">
                {signedIn ? (
                  <ButtonLink to="/dashboard" size="lg">
                    {LANDING_TEXT.dashboard}
                  </ButtonLink>
                ) : (
                  <ButtonLink to="/login" size="lg">
                    {LANDING_TEXT.getStartedNow}
                  </ButtonLink>
                )}
                <Button component="a" href="#features" variant="default" size="lg">
                  See how it works
                </Button>
              </Group>
              <Text size="sm" c="gray.7">
                Trusted by hundreds of early adopters: cafés, clinics, salons and shops across India.
              </Text>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <ReviewsMock />
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}

/** The static 'Recent Reviews' panel of the hero (an illustration, not live data). */
function ReviewsMock() {
  return (
    <div className={classes.panel}>
      <Badge className={classes.newBadge} color="orange" variant="filled" size="lg">
        {LANDING_TEXT.newReview}
      </Badge>
      <Paper withBorder shadow="lg" radius="lg" p="lg">
        <Group justify="space-between" mb="md">
          <Title order={2} size="h4" id="mock-reviews-title">
            {LANDING_TEXT.recentReviews}
          </Title>
          <Badge color="green" variant="light">
            <span className={classes.liveDot} aria-hidden="true" />
            {LANDING_TEXT.live}
          </Badge>
        </Group>
        <Stack gap="sm">
          {SAMPLE_REVIEWS.map((review) => (
            <Paper key={review.name} withBorder radius="md" p="sm" bg="gray.0">
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text fw={600} size="sm">
                  {review.name}
                </Text>
                <Stars rating={review.rating} />
              </Group>
              <Text size="sm" c="gray.8" mt={4}>
                {review.text}
              </Text>
              <Text size="xs" c="gray.7" mt={4}>
                {review.when}
              </Text>
            </Paper>
          ))}
        </Stack>
      </Paper>
    </div>
  );
}

function Features() {
  return (
    <Box
      component="section"
      id="features"
      className={`${classes.section} ${classes.muted}`}
      aria-labelledby="features-title"
    >
      <Container size="lg">
        <Stack gap="xs" align="center" ta="center" mb={40}>
          <Title order={2} id="features-title">
            Everything you need to grow your reputation
          </Title>
          <Text c="gray.7" maw={620}>
            Collect more reviews, hear about problems first and answer every customer, without extra work.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {FEATURES.map((feature) => (
            <Card key={feature.title} withBorder radius="lg" padding="lg" shadow="xs">
              <ThemeIcon size={44} radius="md" variant="light" mb="md">
                <LineIcon path={feature.icon} className={classes.featureIcon} />
              </ThemeIcon>
              <Title order={3} size="h4" mb="xs">
                {feature.title}
              </Title>
              <Text c="gray.7" size="sm">
                {feature.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

function Pricing() {
  return (
    <Box component="section" id="pricing" className={classes.section} aria-labelledby="pricing-title">
      <Container size="md">
        <Stack gap="xs" align="center" ta="center" mb={40}>
          <Title order={2} id="pricing-title">
            Simple launch pricing
          </Title>
          <Text c="gray.7" maw={560}>
            Both plans include unlimited reviews. Pick the period that suits you.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {LANDING_PLANS.map((plan) => (
            <Card
              key={plan.name}
              component="article"
              aria-labelledby={`landing-plan-${plan.name}`}
              withBorder
              radius="lg"
              padding="xl"
              shadow={plan.popular ? 'md' : 'xs'}
              className={plan.popular ? classes.popular : undefined}
            >
              <Stack gap="md" h="100%">
                <Group justify="space-between" gap="xs">
                  <Title order={3} id={`landing-plan-${plan.name}`}>
                    {plan.name}
                  </Title>
                  {plan.popular ? <Badge variant="filled">{LANDING_TEXT.mostPopular}</Badge> : null}
                </Group>
                <div>
                  <Group gap="xs" align="baseline">
                    <Text fz={36} fw={800} lh={1}>
                      {formatRupees(plan.price)}
                    </Text>
                    <Text c="gray.7">/month + GST</Text>
                    <Text component="s" c="gray.7">
                      <VisuallyHidden>was </VisuallyHidden>
                      {formatRupees(plan.original)}
                    </Text>
                    <Badge color="green" variant="light">
                      {plan.discount}% OFF
                    </Badge>
                  </Group>
                  <Text size="sm" c="gray.7" mt={6}>
                    Launch price locked for {plan.duration}
                  </Text>
                </div>
                <CheckList items={plan.features} spacing={8} iconSize={12} />
                <ButtonLink to="/login" size="md" fullWidth variant={plan.popular ? 'filled' : 'outline'}>
                  {LANDING_TEXT.getStarted}
                </ButtonLink>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

function ClosingBanner() {
  return (
    <Box component="section" className={classes.banner} aria-labelledby="banner-title">
      <Container size="md" ta="center">
        <Text fw={700} size="sm" tt="uppercase" className={classes.bannerEyebrow}>
          {LANDING_TEXT.launchOffer}
        </Text>
        <Title order={2} id="banner-title" mt="xs" c="white">
          {LANDING_TEXT.revolution}
        </Title>
        <Text mt="sm" mb="lg" maw={560} mx="auto">
          Hundreds of early adopters already collect more reviews with StarLoop. Lock in the launch price
          today.
        </Text>
        <ButtonLink to="/login" size="lg" variant="white">
          {LANDING_TEXT.getStarted}
        </ButtonLink>
      </Container>
    </Box>
  );
}
