import { useInViewport } from '@mantine/hooks';
import { type ReactNode, useEffect, useState } from 'react';

/**
 * Mounts its children once their place scrolls near the screen (and keeps them): on a phone the
 * figures, charts and tables below the first screen download and run only when the owner gets
 * there (issue 34 item 7). Until then a box of `minHeight` holds the place.
 */
export function WhenVisible({ minHeight, children }: { minHeight: number; children: ReactNode }) {
  const { ref, inViewport } = useInViewport();
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (inViewport) setSeen(true);
  }, [inViewport]);
  if (seen) return <>{children}</>;
  return <div ref={ref} style={{ minHeight }} aria-hidden="true" />;
}
