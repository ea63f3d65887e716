import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router';
import { StatusPage, statusPageButtonClass } from '../status-page/status-page.tsx';

/** A lazily loaded screen whose file is gone, typically after a new release was deployed. */
function isStaleChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
    message,
  );
}

/**
 * The router's default error page: a screen failed to load or threw while rendering.
 * Plain React and a CSS module, like the 404 page, so it works whatever failed to load.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const staleChunk = isStaleChunkError(error);

  const retry = () => {
    if (staleChunk) {
      window.location.reload();
      return;
    }
    reset();
    void router.invalidate();
  };

  return (
    <StatusPage
      title="Something went wrong"
      message={
        staleChunk
          ? 'A new version of StarLoop is available. Reload the page to continue.'
          : 'This page could not be shown. Check your connection and try again.'
      }
      actions={
        <>
          <button type="button" className={statusPageButtonClass('primary')} onClick={retry}>
            {staleChunk ? 'Reload page' : 'Try again'}
          </button>
          <Link to="/" className={statusPageButtonClass('secondary')} onClick={() => reset()}>
            Go to Home
          </Link>
        </>
      }
    />
  );
}
