import type { TReviewLanguage } from '../languages.ts';
import bn from './bn.json';
import { asMessages } from './catalog.ts';
import { messages as en } from './en.ts';
import gu from './gu.json';
import hi from './hi.json';
import kn from './kn.json';
import mr from './mr.json';
import ta from './ta.json';
import te from './te.json';
import type { TReviewMessages } from './types.ts';

/** Every catalog, for the server (which inlines only the page's own one into the HTML). */
export const CATALOGS: Record<TReviewLanguage, TReviewMessages> = {
  en,
  hi: asMessages(hi),
  mr: asMessages(mr),
  ta: asMessages(ta),
  te: asMessages(te),
  bn: asMessages(bn),
  gu: asMessages(gu),
  kn: asMessages(kn),
};
