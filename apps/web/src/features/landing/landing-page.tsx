import { Container, Group, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ButtonLink } from '../../components/router-links.tsx';
import { hasToken } from '../../lib/auth.ts';

/** The landing page (/). Signed-in owners (token present, checked once on load) get 'Dashboard'. */
export function LandingPage() {
  const [signedIn] = useState(() => hasToken('owner'));
  return (
    <Container component="main" size="md" py="xl">
      <Title order={1}>StarLoop</Title>
      <Text mt="sm" size="lg" c="dimmed">
        Collect more reviews with a QR code, reply automatically and track your reputation in one dashboard.
      </Text>
      <Group mt="lg">
        {signedIn ? (
          <ButtonLink to="/dashboard">Dashboard</ButtonLink>
        ) : (
          <ButtonLink to="/login">Get Started</ButtonLink>
        )}
      </Group>
    </Container>
  );
}
