import { Box, Container, Paper, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AnchorLink } from '../../components/router-links.tsx';
import { BrandMark } from '../landing/brand-mark.tsx';
import classes from './auth-layout.module.css';

interface TAuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Under the card: e.g. "New to StarLoop? Create an account". */
  footer?: ReactNode;
  /** 'sm' for sign-in forms, 'lg' for registration. */
  width?: 'sm' | 'lg';
}

/** The public account pages (login, passwords, register): the logo, one card, a footer line. */
export function AuthLayout({ title, subtitle, children, footer, width = 'sm' }: TAuthLayoutProps) {
  return (
    <Box component="main" className={classes.page}>
      <Container size={width === 'sm' ? 440 : 'md'} px={0}>
        <div className={classes.header}>
          <Link to="/" className={classes.brand} aria-label="StarLoop home">
            <BrandMark />
          </Link>
        </div>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', xs: 'xl' }}>
          <Title order={1} fz={{ base: 'h3', xs: 'h2' }}>
            {title}
          </Title>
          {subtitle ? (
            <Text c="gray.7" mt={6} mb="lg">
              {subtitle}
            </Text>
          ) : (
            <Box mb="lg" />
          )}
          {children}
        </Paper>
        {footer ? (
          <Text ta="center" mt="lg" size="sm">
            {footer}
          </Text>
        ) : null}
      </Container>
    </Box>
  );
}

/** The footer line of an account page: a question, then the way to the other page. */
export function AuthFooterLink({
  question,
  to,
  label,
}: {
  question?: string;
  to: '/login' | '/register';
  label: string;
}) {
  return (
    <>
      {question ? <>{question} </> : null}
      <AnchorLink to={to} fw={600}>
        {label}
      </AnchorLink>
    </>
  );
}
