import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import { NotFound } from '../components/not-found/not-found.tsx';
import type { TRouterContext } from '../lib/router-context.ts';

/*
 * The root stays free of Mantine (JS and CSS): the customer review page and the 404 page render
 * directly under it. Mantine lives in the pathless `_app` layout that every other screen sits in.
 */
export const Route = createRootRouteWithContext<TRouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  return (
    <>
      <HeadContent />
      <Outlet />
    </>
  );
}
