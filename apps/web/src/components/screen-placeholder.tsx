import { Container, Title } from '@mantine/core';

interface TScreenPlaceholderProps {
  title: string;
  /** Standalone pages need their own <main>; screens inside an area layout are already in one. */
  standalone?: boolean;
}

/** A screen whose route, title and layout exist and whose content comes next. */
export function ScreenPlaceholder({ title, standalone = false }: TScreenPlaceholderProps) {
  const heading = <Title order={1}>{title}</Title>;
  return standalone ? (
    <Container component="main" size="md" py="xl">
      {heading}
    </Container>
  ) : (
    heading
  );
}
