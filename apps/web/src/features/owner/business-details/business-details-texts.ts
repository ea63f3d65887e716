import { fill, plural } from '@starloop/review-page';
import { en, type TOwnerMessages } from '../../../lib/owner-i18n/en.ts';

type TDetailsMessages = TOwnerMessages['profile']['details'];

/** "From your connected Google location[, title]." in the catalog's language. */
export const googleLinkFrom = (t: TDetailsMessages, title: string | null) =>
  title ? fill(t.googleLinkFromTitled, { title }) : t.googleLinkFrom;

/** The code change's warning, line by line; `newCode` is what the owner has typed so far. */
export const codeWarning = (t: TDetailsMessages, oldCode: string, newCode: string) => [
  fill(t.warning.moves, { code: newCode || '…' }),
  fill(t.warning.forwards, { oldCode }),
  fill(t.warning.kept, { oldCode }),
  t.warning.print,
];

export const formerCodesText = (t: TDetailsMessages, language: string, codes: string[]) =>
  fill(plural(language, t.formerCodes, codes.length), { codes: codes.join(', ') });

/**
 * The owner's business details editor and code change (issue 34 item 3): the English texts (the
 * catalog's; tests read them).
 */
export const BUSINESS_DETAILS_TEXT = {
  ...en.profile.details,
  googleLinkFrom: (title: string | null) => googleLinkFrom(en.profile.details, title),
  warning: (oldCode: string, newCode: string) => codeWarning(en.profile.details, oldCode, newCode),
  formerCodes: (codes: string[]) => formerCodesText(en.profile.details, 'en', codes),
};
