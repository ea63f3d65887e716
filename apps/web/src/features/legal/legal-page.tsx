import { Anchor, Box, Container, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PublicPage } from '../landing/public-page.tsx';

export interface TLegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

interface TLegalPageProps {
  title: string;
  /** e.g. '1 June 2026' */
  updated: string;
  intro: ReactNode;
  sections: readonly TLegalSection[];
}

/** A legal page: title, last update, a table of contents and numbered sections. */
export function LegalPage({ title, updated, intro, sections }: TLegalPageProps) {
  return (
    <PublicPage>
      <Box py={{ base: 40, sm: 64 }} bg="gray.0">
        <Container size="md">
          <Title order={1}>{title}</Title>
          <Text c="gray.7" mt="xs">
            Last updated: {updated}
          </Text>
          <Text mt="md" size="lg">
            {intro}
          </Text>
        </Container>
      </Box>
      <Container size="md" py={{ base: 32, sm: 48 }}>
        <Box component="nav" aria-label="On this page" mb="xl">
          <Title order={2} size="h5" mb="xs">
            On this page
          </Title>
          <List type="ordered" spacing={4} size="sm">
            {sections.map((section) => (
              <List.Item key={section.id}>
                <Anchor href={`#${section.id}`}>{section.title}</Anchor>
              </List.Item>
            ))}
          </List>
        </Box>
        <Stack gap="xl">
          {sections.map((section, index) => (
            <Box
              component="section"
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              style={{ scrollMarginTop: '5rem' }}
            >
              <Title order={2} size="h3" id={`${section.id}-title`} mb="sm">
                {index + 1}. {section.title}
              </Title>
              <Stack gap="sm" c="gray.8">
                {section.body}
              </Stack>
            </Box>
          ))}
        </Stack>
      </Container>
    </PublicPage>
  );
}
