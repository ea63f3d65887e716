import {
  DEFAULT_REPLY_TEMPLATES_BY_LANGUAGE,
  EMAIL_PATTERN,
  languageOfText,
  REPLY_CUSTOMER_FALLBACK,
  REPLY_PLACEHOLDERS,
  REPLY_TEXTS,
  SENTIMENT_LABELS,
  type TReviewPageLanguage,
  type TSentimentLabel,
} from '@starloop/contract';

/** Pure helpers behind reply templates: placeholder values and rendering. */

export interface TReplyValues {
  customerName: string | undefined;
  businessName: string;
  rating: number;
  firstLine: string;
}

const PLACEHOLDER_RE = /\{(\w+)\}/g;
const KNOWN = new Set<string>(REPLY_PLACEHOLDERS.map((p) => p.key));

/** The first placeholder a template uses that we do not know, if any. */
export function unknownPlaceholder(body: string): string | undefined {
  for (const match of body.matchAll(PLACEHOLDER_RE)) {
    if (!KNOWN.has(match[1]!)) return match[1];
  }
  return undefined;
}

export function assertKnownPlaceholders(body: string): string | undefined {
  const unknown = unknownPlaceholder(body);
  return unknown ? REPLY_TEXTS.unknownPlaceholder(unknown) : undefined;
}

/**
 * Customer text that is, or may be, a link: a scheme (http://, mailto:…), "www.", a domain-like
 * word (bit.ly/x, evil.com, even "cold.Service") or an IP address. Deliberately broad: text that
 * merely looks like a link is only left unquoted, while a quoted link would make the reply form a
 * way to mail anyone a link in a business's name.
 */
const LINK_LIKE =
  /[a-z][a-z0-9+.-]*:\/\/|\bwww\.|[\p{L}\p{N}_-]\.[a-z]{2,}\b|\b\d{1,3}(?:\.\d{1,3}){3}\b|\b(?:mailto|tel|javascript):/iu;

export function containsLink(text: string): boolean {
  return LINK_LIKE.test(text);
}

/** {firstLine} with the quotes or brackets around it, removed when there is nothing to quote. */
const FIRST_LINE_WITH_QUOTES =
  /\s*\(\s*["'“”‘’]?\{firstLine\}["'“”‘’]?\s*\)|\s*["'“”‘’]\{firstLine\}["'“”‘’]|\{firstLine\}/g;

/**
 * Fills the placeholders. Without a customer name, {customerName} reads 'there' after a greeting
 * such as "Hi" or "Hello" and 'valued customer' elsewhere ("Dear valued customer"); in the other
 * page languages, that language's word for the customer ("प्रिय ग्राहक"). An empty {firstLine}
 * (nothing to quote) goes with its quotes or brackets: '… comments ("{firstLine}") and' reads
 * '… comments and'.
 */
export function renderReply(
  template: string,
  values: TReplyValues,
  language: TReviewPageLanguage = 'en',
): string {
  const body = values.firstLine ? template : template.replace(FIRST_LINE_WITH_QUOTES, '');
  return body.replace(PLACEHOLDER_RE, (whole, name: string, offset: number) => {
    switch (name) {
      case 'customerName': {
        if (values.customerName) return values.customerName;
        if (language !== 'en') return REPLY_CUSTOMER_FALLBACK[language];
        const before = body.slice(Math.max(0, offset - 12), offset);
        return /\b(hi|hello|hey|hii)[\s,]*$/i.test(before) ? 'there' : 'valued customer';
      }
      case 'businessName':
        return values.businessName;
      case 'rating':
        return String(values.rating);
      case 'firstLine':
        return values.firstLine;
      default:
        return whole;
    }
  });
}

export type TReplyTemplates = Record<TSentimentLabel, { body: string; isDefault: boolean }>;

/** A template's own language, read from its words (its placeholders are Latin letters in every language). */
export const templateLanguage = (body: string, pageLanguage: TReviewPageLanguage | null = null) =>
  languageOfText(body.replace(/\{\w+\}/g, ''), pageLanguage);

/**
 * The templates a reply in `language` is written from (issue 33 item 3): an owner's own template
 * where it is written in that language, else StarLoop's default in that language. Owners write one
 * template per sentiment (mostly in English); a Hindi review then gets the Hindi default rather
 * than an English answer.
 */
export function templatesInLanguage(
  templates: TReplyTemplates,
  language: TReviewPageLanguage,
  pageLanguage: TReviewPageLanguage | null = null,
): TReplyTemplates {
  return Object.fromEntries(
    SENTIMENT_LABELS.map((s) => {
      const own = templates[s];
      const fits = !own.isDefault && templateLanguage(own.body, pageLanguage) === language;
      return [s, fits ? own : { body: DEFAULT_REPLY_TEMPLATES_BY_LANGUAGE[language][s], isDefault: true }];
    }),
  ) as TReplyTemplates;
}

/** First sentence of the message, whitespace collapsed, cut at a word to about 80 characters. */
export function firstLineOf(message: string, max = 80): string {
  const text = message.replace(/\s+/g, ' ').trim();
  if (!text) return '';
  const sentence = (text.split(/(?<=[.!?।])\s+/u)[0] ?? text).trim();
  const line = message.trim().split(/\r?\n/)[0]?.replace(/\s+/g, ' ').trim() ?? sentence;
  let first = line.length < sentence.length ? line : sentence;
  first = first.replace(/^["'“”‘’]+|["'“”‘’]+$/g, '').trim();
  if (first.length <= max) return first;
  const cut = first.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : first.slice(0, max)).replace(/[\s,;:.-]+$/, '')}…`;
}

const GENERIC_LOCAL_PARTS = new Set([
  'info',
  'admin',
  'contact',
  'hello',
  'support',
  'sales',
  'mail',
  'email',
  'test',
  'user',
  'noreply',
  'no',
  'reply',
  'office',
  'account',
  'accounts',
  'customer',
  'care',
]);

const titleCase = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

/** The customer's email address in the contact field, if they left one. */
export function emailFromContact(contact: string | null | undefined): string | undefined {
  if (!contact) return undefined;
  const found = contact.match(/[^\s@,;<>()]+@[^\s@,;<>()]+\.[^\s@,;<>()]+/);
  const email = found?.[0]?.replace(/[.]+$/, '').toLowerCase();
  return email && EMAIL_PATTERN.test(email) ? email : undefined;
}

/**
 * A name when the contact looks like it has one: "Priya Sharma, 98xxxxxxxx" -> "Priya Sharma",
 * "rahul.verma@gmail.com" -> "Rahul Verma". Otherwise undefined.
 */
export function customerNameFromContact(contact: string | null | undefined): string | undefined {
  if (!contact) return undefined;
  const email = emailFromContact(contact);
  const withoutEmail = email
    ? contact.replace(new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'), ' ')
    : contact;
  const words = withoutEmail
    .split(/[\s,;:/|()<>-]+/)
    .filter((w) => /^\p{L}{2,20}\.?$/u.test(w))
    .map((w) => w.replace(/\.$/, ''));
  if (
    words.length >= 1 &&
    words.length <= 3 &&
    !words.some((w) => GENERIC_LOCAL_PARTS.has(w.toLowerCase()))
  ) {
    return words.map(titleCase).join(' ');
  }
  if (email) {
    const parts = email
      .split('@')[0]!
      .replace(/\d+/g, ' ')
      .split(/[._+\-\s]+/)
      .filter(Boolean);
    if (
      parts.length >= 1 &&
      parts.length <= 2 &&
      parts.every((p) => /^[a-z]{3,20}$/.test(p) && !GENERIC_LOCAL_PARTS.has(p))
    ) {
      return parts.map(titleCase).join(' ');
    }
  }
  return undefined;
}

/**
 * Values for a review. A message or contact with anything link-like is not quoted at all (no first
 * line, no name): the reply goes to whatever address the form was given, so it must never carry
 * words of the sender's choosing that could point somewhere.
 */
export function replyValuesFor(
  review: { rating: number; message: string; customerContact: string | null },
  businessName: string,
): TReplyValues {
  // The customer's own address is fine; anything else link-like in the contact is not.
  const contact = (review.customerContact ?? '').replace(/[^\s@,;<>()]+@[^\s@,;<>()]+/g, ' ');
  return {
    customerName: containsLink(contact) ? undefined : customerNameFromContact(review.customerContact),
    businessName,
    rating: review.rating,
    firstLine: containsLink(review.message) ? '' : firstLineOf(review.message),
  };
}

/** Sample values for the template preview. */
export const SAMPLE_REVIEWS: Record<TSentimentLabel, { rating: number; message: string; contact: string }> = {
  positive: {
    rating: 5,
    message: 'The masala dosa was delicious and the staff were very friendly. Will visit again!',
    contact: 'Priya Sharma',
  },
  neutral: { rating: 3, message: 'Food was okay, but the wait was a bit long.', contact: 'Rahul' },
  negative: {
    rating: 2,
    message: 'We waited 45 minutes and the food arrived cold. Very disappointing.',
    contact: 'Anita Verma',
  },
};
