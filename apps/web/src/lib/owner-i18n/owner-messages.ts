import type { TOwnerLanguage } from '@starloop/contract';
import { useCallback, useSyncExternalStore } from 'react';
import { en, type TOwnerMessages } from './en.ts';
import { OWNER_CATALOG_LOADERS } from './load-catalog.ts';
import { mergeTexts } from './merge-texts.ts';
import { useOwnerLanguage } from './owner-i18n.tsx';

/*
 * The owner area's whole catalog, for every screen but the first view's parts (those read
 * owner-i18n.tsx's useFirstViewMessages): English is in this module's code, which loads with those
 * screens; another language's two parts load on first use, and the screen shows English until they
 * are in, as the area did before it was split (issue 34 item 7).
 */

const loaded = new Map<TOwnerLanguage, TOwnerMessages>();
const loading = new Map<TOwnerLanguage, Promise<void>>();
const listeners = new Set<() => void>();

/** Fetches `language`'s whole catalog once (nothing for English); a failed fetch is tried again on next use. */
export function loadOwnerMessages(language: TOwnerLanguage): Promise<void> {
  if (language === 'en' || loaded.has(language)) return Promise.resolve();
  const pending = loading.get(language);
  if (pending) return pending;
  const parts = OWNER_CATALOG_LOADERS[language];
  const load = Promise.all([parts.first(), parts.rest()])
    .then(([first, rest]) => {
      loaded.set(language, mergeTexts(first.default, rest.default));
      for (const listener of listeners) listener();
    })
    .catch(() => {
      // Offline or a new deployment: English meanwhile.
    })
    .finally(() => loading.delete(language));
  loading.set(language, load);
  return load;
}

const textsIn = (language: TOwnerLanguage): TOwnerMessages => loaded.get(language) ?? en;

/** The owner area's texts in the person's language (English outside the provider, or until loaded). */
export function useOwnerMessages(): TOwnerMessages {
  const { language } = useOwnerLanguage();
  const subscribe = useCallback(
    (changed: () => void) => {
      listeners.add(changed);
      void loadOwnerMessages(language);
      return () => listeners.delete(changed);
    },
    [language],
  );
  const snapshot = () => textsIn(language);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
