/*
 * The server-rendered review page's only script: it hydrates the markup the server sent
 * (packages/review-page). React only: no router, no Mantine, no query library, no tRPC client.
 * Its CSS is not loaded from here: the server inlines it into the page from this entry's manifest.
 */
import '@starloop/review-page/review-page.css';
import { hydrateReviewPage } from '@starloop/review-page/client';

hydrateReviewPage();
