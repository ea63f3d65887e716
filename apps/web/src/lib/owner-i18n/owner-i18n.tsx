import type { TOwnerLanguage } from '@starloop/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { onFirstInput } from '../first-input.ts';
import { useTrpc } from '../use-trpc.ts';
import { enFirst, type TOwnerFirstMessages } from './en-first.ts';
import { loadFirstTexts } from './load-catalog.ts';

/**
 * The owner area's language (issue 34 item 6): the person's choice, kept on the server (owner.language)
 * and on this device (so the first paint after a reload is already in it). The server's answer wins
 * when they differ: the person chose on another device. Catalogs but English load on demand.
 *
 * This module is part of every owner page's first view, so it holds only the first view's texts
 * (`useFirstViewMessages`, en-first.ts); every other screen reads the whole catalog through
 * owner-messages.ts, which loads with those screens (issue 34 item 7).
 */

export const OWNER_LANGUAGE_KEY = 'starloopOwnerLang';

const HTML_LANG: Record<TOwnerLanguage, string> = { en: 'en-IN', hi: 'hi-IN' };

function storedLanguage(): TOwnerLanguage {
  try {
    return window.localStorage.getItem(OWNER_LANGUAGE_KEY) === 'hi' ? 'hi' : 'en';
  } catch {
    return 'en';
  }
}

function storeLanguage(language: TOwnerLanguage) {
  try {
    window.localStorage.setItem(OWNER_LANGUAGE_KEY, language);
  } catch {
    // Private mode: the server still remembers it.
  }
}

interface TOwnerI18n {
  language: TOwnerLanguage;
  first: TOwnerFirstMessages;
  setLanguage: (language: TOwnerLanguage) => void;
}

const OwnerI18nContext = createContext<TOwnerI18n>({ language: 'en', first: enFirst, setLanguage: () => {} });

export function OwnerI18nProvider({ children }: { children: ReactNode }) {
  const trpc = useTrpc();
  const [language, setLocal] = useState<TOwnerLanguage>(storedLanguage);
  const [first, setFirst] = useState<TOwnerFirstMessages>(enFirst);
  const saved = useQuery({ ...trpc.owner.language.get.queryOptions(), staleTime: Number.POSITIVE_INFINITY });
  const save = useMutation(trpc.owner.language.update.mutationOptions());

  // A choice made here wins over an answer that was already on its way.
  const choseHere = useRef(false);
  useEffect(() => {
    const chosen = saved.data?.language;
    if (chosen && !choseHere.current && chosen !== storedLanguage()) {
      storeLanguage(chosen);
      setLocal(chosen);
    }
  }, [saved.data?.language]);

  useEffect(() => {
    let current = true;
    void loadFirstTexts(language).then((loaded) => {
      if (current) setFirst(loaded);
    });
    // The other screens' texts, fetched once the person does something (the next screen needs them).
    const stop = onFirstInput(() => {
      void import('./owner-messages.ts').then((m) => m.loadOwnerMessages(language));
    });
    const html = document.documentElement;
    const before = html.lang;
    html.lang = HTML_LANG[language];
    return () => {
      current = false;
      stop();
      html.lang = before;
    };
  }, [language]);

  const { mutate } = save;
  const setLanguage = useCallback(
    (next: TOwnerLanguage) => {
      choseHere.current = true;
      storeLanguage(next);
      setLocal(next);
      mutate({ language: next });
    },
    [mutate],
  );
  const value = useMemo(() => ({ language, first, setLanguage }), [language, first, setLanguage]);
  return <OwnerI18nContext.Provider value={value}>{children}</OwnerI18nContext.Provider>;
}

/**
 * The first view's texts (en-first.ts) in the person's language (English outside the provider):
 * for what every owner page's first view draws. Any other screen uses owner-messages.ts.
 */
export const useFirstViewMessages = (): TOwnerFirstMessages => useContext(OwnerI18nContext).first;

export const useOwnerLanguage = () => {
  const { language, setLanguage } = useContext(OwnerI18nContext);
  return { language, setLanguage };
};
