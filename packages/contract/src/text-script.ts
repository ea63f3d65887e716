/**
 * Which script a review is written in, by counting its letters (Unicode script properties). The
 * sentiment engine reads English and romanised Hindi (Latin) and Hindi in Devanagari (Marathi,
 * also in Devanagari, is read as Hindi-like); a review mostly in another Indian script gets its
 * label from the stars instead, and the owner's dashboard says so.
 */
const SCRIPTS = [
  ['latin', /\p{Script=Latin}/u],
  ['devanagari', /\p{Script=Devanagari}/u],
  ['tamil', /\p{Script=Tamil}/u],
  ['telugu', /\p{Script=Telugu}/u],
  ['bengali', /\p{Script=Bengali}/u],
  ['gujarati', /\p{Script=Gujarati}/u],
  ['kannada', /\p{Script=Kannada}/u],
  ['malayalam', /\p{Script=Malayalam}/u],
  ['gurmukhi', /\p{Script=Gurmukhi}/u],
  ['oriya', /\p{Script=Oriya}/u],
] as const;
export type TTextScript = (typeof SCRIPTS)[number][0] | 'other';

/** The scripts the sentiment engine reads. */
export const SENTIMENT_SCRIPTS: readonly TTextScript[] = ['latin', 'devanagari'];

/** The script most of the text's letters are in; null when it has no letters (emoji, digits). */
export function dominantScript(text: string): TTextScript | null {
  const counts = new Map<TTextScript, number>();
  for (const char of text) {
    if (!/\p{L}|\p{M}/u.test(char)) continue;
    const script = SCRIPTS.find(([, pattern]) => pattern.test(char))?.[0] ?? 'other';
    counts.set(script, (counts.get(script) ?? 0) + 1);
  }
  let best: TTextScript | null = null;
  let most = 0;
  for (const [script, count] of counts) {
    if (count > most) {
      best = script;
      most = count;
    }
  }
  return best;
}

/** False for a message mostly in a script the sentiment engine does not read (Tamil, Telugu, ...). */
export function sentimentReadsText(text: string): boolean {
  const script = dominantScript(text);
  return script === null || SENTIMENT_SCRIPTS.includes(script);
}

/** The owner dashboard's note beside such a review's sentiment. */
export const SENTIMENT_LANGUAGE_NOTE =
  'Sentiment reads English, Hindi and Hinglish; reviews in other languages are labelled from their stars.';
