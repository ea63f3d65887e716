import {
  Anchor,
  type AnchorProps,
  Button,
  type ButtonProps,
  NavLink,
  type NavLinkProps,
} from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

/*
 * Mantine components as router links: typed `to`/`params`/`search`, preloading on intent and
 * client-side navigation, rendered as real <a href> elements (Mantine's defaults are <button>).
 */

type TAnchorElementProps<P> = Omit<ComponentPropsWithRef<'a'>, keyof P | 'color' | 'style'>;

function ButtonAnchor(props: Omit<ButtonProps, 'component'> & TAnchorElementProps<ButtonProps>) {
  return <Button component="a" {...props} />;
}

function NavLinkAnchor(props: Omit<NavLinkProps, 'component'> & TAnchorElementProps<NavLinkProps>) {
  return <NavLink component="a" {...props} />;
}

function TextAnchor(props: Omit<AnchorProps, 'component'> & TAnchorElementProps<AnchorProps>) {
  return <Anchor component="a" {...props} />;
}

/** `<ButtonLink to="/login">Get Started</ButtonLink>` */
export const ButtonLink = createLink(ButtonAnchor);
/** A sidebar entry; pass `activeProps={{ active: true }}` to highlight the current page. */
export const NavLinkLink = createLink(NavLinkAnchor);
/** An inline text link. */
export const AnchorLink = createLink(TextAnchor);
