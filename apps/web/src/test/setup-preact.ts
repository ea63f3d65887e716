// Setup of the tests that run with Preact (vite.config.ts `review-entry` project): no Mantine, no
// React Testing Library (it would render with React), only jest-dom's matchers.
import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
