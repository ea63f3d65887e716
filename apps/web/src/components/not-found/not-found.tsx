import { Link, useCanGoBack, useRouter } from '@tanstack/react-router';
import { LineIcon } from '../line-icon/line-icon.tsx';
import { StatusPage, statusPageButtonClass, statusPageIconClass } from '../status-page/status-page.tsx';

/** Texts of spec section 2, verbatim. */
export const NOT_FOUND_TEXT = {
  title: 'Page Not Found',
  message: "The page you're looking for doesn't exist or has been moved.",
  home: 'Go to Home',
  back: 'Go Back',
} as const;

/**
 * The 404 page, for any path no route matches (the router's notFoundComponent). Plain React and a
 * CSS module: no Mantine, so it stays light and renders outside every Mantine area.
 */
export function NotFound() {
  const router = useRouter();
  const canGoBack = useCanGoBack();

  // Back through the app's own history, else the browser's (a broken link followed from another
  // page or site); someone who opened the link in a fresh tab has nowhere to go back to: home.
  const goBack = () => {
    if (canGoBack) router.history.back();
    else if (typeof window !== 'undefined' && window.history.length > 1) window.history.back();
    else void router.navigate({ to: '/' });
  };

  return (
    <StatusPage
      code="404"
      title={NOT_FOUND_TEXT.title}
      message={NOT_FOUND_TEXT.message}
      actions={
        <>
          <Link to="/" className={statusPageButtonClass('primary')}>
            <LineIcon className={statusPageIconClass} path="M3 10.5 12 3l9 7.5M5 9v11h5v-6h4v6h5V9" />
            {NOT_FOUND_TEXT.home}
          </Link>
          <button type="button" className={statusPageButtonClass('secondary')} onClick={goBack}>
            <LineIcon className={statusPageIconClass} path="M19 12H5m6-7-7 7 7 7" />
            {NOT_FOUND_TEXT.back}
          </button>
        </>
      }
    />
  );
}
