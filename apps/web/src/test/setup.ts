import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { reportReachable } from '../lib/connectivity.ts';

// A screen's first render in a worker loads its route's code (lazy chunks): on a busy 2-core
// machine that alone can pass testing-library's 1 s default for findBy/waitFor.
configure({ asyncUtilTimeout: 5000 });

// Mantine reads these browser APIs, which happy-dom does not implement.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', {
    writable: true,
    configurable: true,
    value: ResizeObserverStub,
  });
}

// Mantine's Combobox and ScrollArea call this; happy-dom may lack it.
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

// Mantine's auto-growing Textarea waits on document.fonts, which happy-dom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { ready: Promise.resolve(), addEventListener: () => {}, removeEventListener: () => {} },
  });
}

afterEach(() => {
  cleanup();
  // Toasts live in a global store: one test's toasts must not fill the next test's slots.
  notifications.clean();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // One test's failed calls must not leave the next test's owner screens offline.
  reportReachable(true);
});
