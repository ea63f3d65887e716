import { createRequire } from 'node:module';
import {
  RATING_MAX,
  RATING_MIN,
  ratingSentiment,
  sentimentReadsText,
  type TSentimentLabel,
} from '@starloop/contract';

import lexiconEnData from './data/lexicon-en.json' with { type: 'json' };
import lexiconHiData from './data/lexicon-hi.json' with { type: 'json' };
import rulesData from './data/rules.json' with { type: 'json' };

// AFINN is a plain JSON load, not an ESM JSON module: it has words such as "await" that some
// loaders turn into variable names. Our own lexicons are bundled with the code.
const require = createRequire(import.meta.url);
const afinn = require('sentiment/languages/en/labels.json') as Record<string, number>;
const lexiconEn = lexiconEnData as TLexicon;
const lexiconHi = lexiconHiData as TLexicon;
const rules = rulesData as unknown as TRules;

interface TLexicon {
  words: Record<string, number>;
  phrases: Record<string, number>;
}

interface TRules {
  negators: { before: string[]; after: string[]; correlative: string[] };
  intensifiers: Record<string, number>;
  diminishers: Record<string, number>;
  excess: string[];
  contrast: Record<string, string>;
  clauseEnders: string[];
  emoji: Record<string, number>;
  emoticons: Record<string, string>;
}

/**
 * Local sentiment for short reviews in English, Hindi (Devanagari) and romanised Hindi/Hinglish.
 * No outside service: a lexicon (AFINN-165 from the `sentiment` package plus our own English,
 * Hindi and Hinglish data in ./data) with rules for negation before the word (English "not good",
 * Hindi "मत") and after it (Hindi "acha nahi tha", "अच्छा नहीं था"), intensifiers ("very", "bahut"),
 * diminishers ("thoda"), excess ("too salty", "zyada"), contrast ("but", "lekin", "par": the clause
 * after weighs more; "though": the concession weighs less), emoji and emoticons. The message score
 * is then blended with the star rating, which is a signal, not the answer.
 */

export interface TSentimentHit {
  term: string;
  score: number;
}

export interface TSentimentResult {
  label: TSentimentLabel;
  /** Overall score, -1..1 (message blended with rating). */
  score: number;
  /** The message alone, -1..1 (0 when it carries no opinion words). */
  messageScore: number;
  /** How many opinion words, phrases or emoji were found. */
  evidence: number;
  hits: TSentimentHit[];
}

/** Tunable constants (tuned on the 'tune' half of the evaluation set only). */
export const SENTIMENT_PARAMS = {
  /** Normalisation of the summed message score: s / sqrt(s^2 + alpha). */
  alpha: 12,
  /** Positive at or above, negative at or below; neutral between. */
  threshold: 0.25,
  negateWeakens: { positive: -0.8, negative: -0.5, correlative: -0.5 },
  contrastBefore: 0.5,
  contrastAfter: 1.2,
  concession: 0.5,
  minor: 0.6,
  exclamation: 1.2,
  caps: 1.3,
  /** Score of an excess word ("too", "zyada") that is not followed by an opinion word. */
  excess: -1,
  /** A negation that attaches to no opinion word ("nobody answered", "order nahi aaya"). */
  bareNegation: -0.75,
  /** Message weight: base + slope * |message score|; the rating takes the rest. */
  messageWeightBase: 0.55,
  messageWeightSlope: 0.35,
};

const RATING_PRIOR: Record<number, number> = { 1: -1, 2: -0.6, 3: 0, 4: 0.6, 5: 1 };

/** NFC, no nukta, chandrabindu as anusvara, no zero-width joiners, straight apostrophes. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFC')
    .normalize('NFD')
    .replace(/\u093C/g, '')
    .normalize('NFC')
    .replace(/\u0901/g, '\u0902')
    .replace(/\u200B|\u200C|\u200D|\uFE0E|\uFE0F/g, '')
    .replace(/[’‘`´]/g, "'")
    .toLowerCase();
}

const key = (text: string) => normalizeText(text).trim().replace(/\s+/g, ' ');

function buildMap(source: Record<string, number>): Map<string, number> {
  const map = new Map<string, number>();
  for (const [k, v] of Object.entries(source)) {
    if (!k.startsWith('_')) map.set(key(k), v);
  }
  return map;
}

const WORDS = new Map<string, number>([
  ...buildMap(afinn as Record<string, number>),
  ...buildMap(lexiconEn.words),
  ...buildMap(lexiconHi.words),
]);
const PHRASES = new Map<string, number>([...buildMap(lexiconEn.phrases), ...buildMap(lexiconHi.phrases)]);
const MAX_PHRASE = Math.max(
  ...[...PHRASES.keys(), ...Object.keys(rules.contrast)].map((p) => p.split(' ').length),
);
const NEG_BEFORE = new Set(rules.negators.before.map(key));
const NEG_AFTER = new Set(rules.negators.after.map(key));
const NEG_CORRELATIVE = new Set(rules.negators.correlative.map(key));
const INTENSIFIERS = buildMap(rules.intensifiers);
const DIMINISHERS = buildMap(rules.diminishers);
const EXCESS = new Set(rules.excess.map(key));
const CONTRAST = new Map(Object.entries(rules.contrast).map(([k, v]) => [key(k), v]));
const CLAUSE_ENDERS = new Set(rules.clauseEnders.map(key));
const EMOJI = buildMap(rules.emoji);
const EMOTICONS = Object.entries(rules.emoticons);

/** Romanised spellings vary ("achha", "acchha", "sooo good"): a lenient second lookup. */
function lookupWord(word: string): number | undefined {
  const direct = WORDS.get(word);
  if (direct !== undefined) return direct;
  if (/^[a-z]+$/.test(word)) {
    const collapsed = word.replace(/([a-z])\1{2,}/g, '$1$1');
    if (collapsed !== word) return WORDS.get(collapsed) ?? WORDS.get(word.replace(/([a-z])\1+/g, '$1'));
  }
  return undefined;
}

type TToken =
  | { kind: 'word'; text: string; caps: boolean }
  | { kind: 'emoji'; text: string }
  | { kind: 'comma' }
  | { kind: 'end'; exclaim: number };

const TOKEN_RE = /(\p{Extended_Pictographic})|([\p{L}\p{M}\p{N}]+(?:'[\p{L}]+)?)|([.!?;।|\n]+)|(,|\s-\s|:)/gu;

function tokenize(raw: string): TToken[] {
  let text = raw.normalize('NFC');
  for (const [emoticon, emoji] of EMOTICONS) {
    text = text.split(emoticon).join(` ${emoji} `);
    text = text.split(emoticon.toUpperCase()).join(` ${emoji} `);
  }
  const letters = text.replace(/[^\p{L}]/gu, '');
  const shouting = letters.length > 0 && letters === letters.toUpperCase();
  const tokens: TToken[] = [];
  for (const match of text.matchAll(TOKEN_RE)) {
    const [, emoji, word, end, comma] = match;
    if (emoji) tokens.push({ kind: 'emoji', text: emoji });
    else if (word) {
      const caps = !shouting && word.length >= 3 && /\p{Lu}/u.test(word) && word === word.toUpperCase();
      tokens.push({ kind: 'word', text: normalizeText(word), caps });
    } else if (end) tokens.push({ kind: 'end', exclaim: (end.match(/!/g) ?? []).length });
    else if (comma) tokens.push({ kind: 'comma' });
  }
  return tokens;
}

/** One scored item of a sentence: an opinion word or phrase, or a modifier. */
interface TUnit {
  term: string;
  kind:
    | 'opinion'
    | 'neutral-word'
    | 'intensifier'
    | 'diminisher'
    | 'excess'
    | 'neg-before'
    | 'neg-after'
    | 'neg-both'
    | 'contrast'
    | 'comma';
  score: number;
  factor: number;
  contrast?: string;
  caps?: boolean;
  negated?: boolean;
}

interface TSentence {
  units: TUnit[];
  emoji: string[];
  exclaim: number;
}

function toSentences(tokens: TToken[]): TSentence[] {
  const sentences: TSentence[] = [];
  let words: { text: string; caps: boolean }[] = [];
  let current: TSentence = { units: [], emoji: [], exclaim: 0 };
  const flushWords = () => {
    current.units.push(...unitsOf(words));
    words = [];
  };
  const flushSentence = (exclaim: number) => {
    flushWords();
    current.exclaim = exclaim;
    if (current.units.length || current.emoji.length) sentences.push(current);
    current = { units: [], emoji: [], exclaim: 0 };
  };
  for (const token of tokens) {
    if (token.kind === 'word') words.push({ text: token.text, caps: token.caps });
    else if (token.kind === 'emoji') current.emoji.push(token.text);
    else if (token.kind === 'comma') {
      flushWords();
      current.units.push({ term: ',', kind: 'comma', score: 0, factor: 1 });
    } else flushSentence(token.exclaim);
  }
  flushSentence(0);
  return sentences;
}

/** Greedy longest match of phrases, then single words. */
function unitsOf(words: { text: string; caps: boolean }[]): TUnit[] {
  const units: TUnit[] = [];
  let i = 0;
  while (i < words.length) {
    let matched = false;
    for (let n = Math.min(MAX_PHRASE, words.length - i); n >= 2; n--) {
      const phrase = words
        .slice(i, i + n)
        .map((w) => w.text)
        .join(' ');
      const score = PHRASES.get(phrase);
      const contrast = CONTRAST.get(phrase);
      if (score !== undefined) units.push({ term: phrase, kind: 'opinion', score, factor: 1 });
      else if (contrast) units.push({ term: phrase, kind: 'contrast', score: 0, factor: 1, contrast });
      else continue;
      i += n;
      matched = true;
      break;
    }
    if (matched) continue;
    const word = words[i]!;
    units.push(classify(word.text, word.caps, words[i - 1]?.text));
    i += 1;
  }
  return units;
}

function classify(text: string, caps: boolean, previous: string | undefined): TUnit {
  const base = { term: text, score: 0, factor: 1, caps };
  const contrast = CONTRAST.get(text);
  if (contrast === 'after-if-clause') {
    // Hindi "par" is "but" after a clause ("accha tha par ...") and "on" otherwise ("time par").
    if (previous && (CLAUSE_ENDERS.has(previous) || lookupWord(previous) !== undefined)) {
      return { ...base, kind: 'contrast', contrast: 'after' };
    }
    return { ...base, kind: 'neutral-word' };
  }
  if (contrast) return { ...base, kind: 'contrast', contrast };
  if (NEG_CORRELATIVE.has(text)) return { ...base, kind: 'neg-both' };
  if (NEG_BEFORE.has(text)) return { ...base, kind: 'neg-before' };
  if (NEG_AFTER.has(text)) return { ...base, kind: 'neg-after' };
  if (EXCESS.has(text)) return { ...base, kind: 'excess' };
  const intensity = INTENSIFIERS.get(text);
  if (intensity !== undefined) return { ...base, kind: 'intensifier', factor: intensity };
  const diminish = DIMINISHERS.get(text);
  if (diminish !== undefined) return { ...base, kind: 'diminisher', factor: diminish };
  const score = lookupWord(text);
  if (score !== undefined) return { ...base, kind: 'opinion', score };
  return { ...base, kind: 'neutral-word' };
}

const isOpinion = (u: TUnit | undefined) => u?.kind === 'opinion';

/** Applies modifiers inside one sentence; returns weighted scores per unit index. */
function scoreSentence(
  sentence: TSentence,
  hits: TSentimentHit[],
): { sum: number; evidence: number; weights: number[]; contrastAt: number[] } {
  const { units } = sentence;
  const P = SENTIMENT_PARAMS;
  // Excess words become intensifiers when an opinion follows, otherwise a mild complaint.
  for (let i = 0; i < units.length; i++) {
    const unit = units[i]!;
    if (unit.kind !== 'excess') continue;
    const next = nextOpinion(units, i, 2);
    if (next !== undefined) Object.assign(unit, { kind: 'intensifier', factor: 1.5 });
    else Object.assign(unit, { kind: 'opinion', score: P.excess });
  }
  // Negation.
  for (let i = 0; i < units.length; i++) {
    const unit = units[i]!;
    if (unit.kind === 'neg-before' || unit.kind === 'neg-both') {
      const target = nextOpinion(units, i, 3);
      if (target !== undefined) negate(units[target]!, unit.kind === 'neg-both' ? 'correlative' : undefined);
      else if (unit.kind === 'neg-before') Object.assign(unit, { kind: 'opinion', score: P.bareNegation });
    } else if (unit.kind === 'neg-after') {
      const back = previousOpinion(units, i, 3);
      const target = back ?? nextOpinion(units, i, 2);
      if (target !== undefined) negate(units[target]!);
      else Object.assign(unit, { kind: 'opinion', score: P.bareNegation });
    }
  }
  // Intensifiers and diminishers multiply the next opinion (they stack: "bahut bahut").
  for (let i = units.length - 1; i >= 0; i--) {
    const unit = units[i]!;
    if (unit.kind !== 'intensifier' && unit.kind !== 'diminisher') continue;
    const target = nextOpinion(units, i, 3);
    if (target !== undefined) units[target]!.factor *= unit.factor;
  }
  // Contrast weights.
  const weights = units.map(() => 1);
  const contrastAt: number[] = [];
  let clauseStart = 0;
  for (let i = 0; i <= units.length; i++) {
    const unit = units[i];
    if (unit === undefined || unit.kind === 'comma') {
      const clause = units.slice(clauseStart, i);
      if (clause.some((u) => u.contrast === 'concession')) {
        for (let j = clauseStart; j < i; j++) weights[j]! *= P.concession;
      }
      clauseStart = i + 1;
      continue;
    }
    if (unit.contrast === 'after') contrastAt.push(i);
    else if (unit.contrast === 'minor') {
      for (let j = i + 1; j < units.length; j++) weights[j]! *= P.minor;
    }
  }
  // "X but Y": everything before the last "but" weighs less, the clause after it more.
  const lastContrast = contrastAt.at(-1);
  if (lastContrast !== undefined) {
    for (let j = 0; j < units.length; j++) {
      weights[j]! *= j < lastContrast ? P.contrastBefore : j > lastContrast ? P.contrastAfter : 1;
    }
  }
  let sum = 0;
  let evidence = 0;
  units.forEach((unit, i) => {
    if (unit.kind !== 'opinion') return;
    evidence += 1;
    const score = unit.score * unit.factor * weights[i]! * (unit.caps ? P.caps : 1);
    sum += score;
    hits.push({ term: unit.negated ? `${unit.term} (negated)` : unit.term, score: round(score) });
  });
  const exclaim = sentence.exclaim > 0 ? Math.min(P.exclamation ** sentence.exclaim, 1.35) : 1;
  return { sum: sum * exclaim, evidence, weights, contrastAt };
}

function negate(unit: TUnit, kind?: 'correlative'): void {
  if (unit.negated) return;
  const P = SENTIMENT_PARAMS.negateWeakens;
  unit.negated = true;
  unit.score *= kind === 'correlative' ? P.correlative : unit.score > 0 ? P.positive : P.negative;
}

function nextOpinion(units: TUnit[], from: number, window: number): number | undefined {
  for (let j = from + 1; j < units.length && j <= from + window; j++) {
    const unit = units[j]!;
    if (unit.kind === 'comma' || unit.kind === 'contrast') return undefined;
    if (isOpinion(unit) || unit.kind === 'excess') return j;
  }
  return undefined;
}

function previousOpinion(units: TUnit[], from: number, window: number): number | undefined {
  for (let j = from - 1; j >= 0 && j >= from - window; j--) {
    const unit = units[j]!;
    if (unit.kind === 'comma' || unit.kind === 'contrast') return undefined;
    if (isOpinion(unit) && !unit.negated) return j;
  }
  return undefined;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

function emojiScore(emoji: string[], hits: TSentimentHit[]): { sum: number; evidence: number } {
  const seen = new Map<string, number>();
  let sum = 0;
  let evidence = 0;
  for (const e of emoji) {
    const score = EMOJI.get(key(e));
    if (score === undefined) continue;
    const count = seen.get(e) ?? 0;
    seen.set(e, count + 1);
    // Repeats add less each time: 😍😍😍 is stronger than 😍, not three times as strong.
    const value = score * 0.5 ** count;
    sum += value;
    evidence += 1;
    hits.push({ term: e, score: round(value) });
  }
  return { sum, evidence };
}

/** Label from the rating alone (empty message): 1-2 negative, 3 neutral, 4-5 positive. */
export function labelForRating(rating: number): TSentimentLabel {
  return ratingSentiment(rating);
}

export function analyzeSentiment(text: string, rating?: number | null): TSentimentResult {
  const P = SENTIMENT_PARAMS;
  const hits: TSentimentHit[] = [];
  const hasRating = typeof rating === 'number' && rating >= RATING_MIN && rating <= RATING_MAX;
  const prior = hasRating ? (RATING_PRIOR[Math.round(rating)] ?? 0) : 0;
  // A review mostly in a script the lexicons do not cover (Tamil, Telugu, Bengali, Gujarati,
  // Kannada, ...) is read as carrying no opinion words: its label comes from the stars, and a
  // stray English word or emoji in it does not decide it. The owner's dashboard says so.
  if (!sentimentReadsText(text ?? '')) {
    if (!hasRating) return { label: 'neutral', score: 0, messageScore: 0, evidence: 0, hits };
    return { label: labelForRating(rating), score: round(prior * 0.6), messageScore: 0, evidence: 0, hits };
  }
  const sentences = toSentences(tokenize(text ?? ''));
  const scored = sentences.map((s) => scoreSentence(s, hits));
  // A sentence that opens with "But ..." discounts the one before it.
  let raw = 0;
  let evidence = 0;
  scored.forEach((s, i) => {
    const opensWithBut = sentences[i + 1]?.units[0]?.contrast === 'after';
    raw += s.sum * (opensWithBut ? P.contrastBefore : 1);
    evidence += s.evidence;
  });
  const emoji = emojiScore(
    sentences.flatMap((s) => s.emoji),
    hits,
  );
  raw += emoji.sum;
  evidence += emoji.evidence;

  const messageScore = evidence > 0 ? raw / Math.sqrt(raw * raw + P.alpha) : 0;

  if (evidence === 0) {
    if (!hasRating) return { label: 'neutral', score: 0, messageScore: 0, evidence, hits };
    return { label: labelForRating(rating), score: round(prior * 0.6), messageScore: 0, evidence, hits };
  }
  const messageWeight = hasRating
    ? Math.min(1, P.messageWeightBase + P.messageWeightSlope * Math.abs(messageScore))
    : 1;
  const score = Math.max(-1, Math.min(1, messageWeight * messageScore + (1 - messageWeight) * prior));
  const blended: TSentimentLabel =
    score >= P.threshold ? 'positive' : score <= -P.threshold ? 'negative' : 'neutral';
  // One or two stars with a lukewarm message is a complaint ("it was fine", 2 stars): the stars
  // settle what the words leave open. A clearly positive message stays positive.
  const label: TSentimentLabel =
    blended === 'neutral' && hasRating && Math.round(rating) <= 2 ? 'negative' : blended;
  return { label, score: round(score), messageScore: round(messageScore), evidence, hits };
}
