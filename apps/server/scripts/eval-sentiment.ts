/**
 * Evaluates the local sentiment engine on the labelled set shipped with it and writes
 * bench/results/sentiment.json. Usage (repository root): npm run eval:sentiment [-- --errors tune]
 * The engine is tuned on the 'tune' half only; 'heldout' is the honest number.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SENTIMENT_LABELS, type TSentimentLabel } from '@starloop/contract';
import { analyzeSentiment } from '../src/domains/replies/sentiment/engine.rules.ts';

interface TExample {
  text: string;
  rating: number;
  label: TSentimentLabel;
  lang: string;
  split: 'tune' | 'heldout';
}

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const setFile = path.resolve(here, '../src/domains/replies/sentiment/data/eval-set.jsonl');
const examples: TExample[] = readFileSync(setFile, 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line) as TExample);

function evaluate(items: TExample[]) {
  const matrix = Object.fromEntries(
    SENTIMENT_LABELS.map((gold) => [gold, Object.fromEntries(SENTIMENT_LABELS.map((p) => [p, 0]))]),
  ) as Record<TSentimentLabel, Record<TSentimentLabel, number>>;
  const errors: { text: string; rating: number; gold: string; predicted: string; score: number }[] = [];
  const byLang: Record<string, { n: number; correct: number }> = {};
  for (const item of items) {
    const result = analyzeSentiment(item.text, item.rating);
    matrix[item.label][result.label] += 1;
    const lang = byLang[item.lang] ?? { n: 0, correct: 0 };
    byLang[item.lang] = lang;
    lang.n += 1;
    if (result.label === item.label) lang.correct += 1;
    else
      errors.push({
        text: item.text,
        rating: item.rating,
        gold: item.label,
        predicted: result.label,
        score: result.score,
      });
  }
  const correct = SENTIMENT_LABELS.reduce((sum, l) => sum + matrix[l][l], 0);
  return {
    n: items.length,
    accuracy: items.length ? Math.round((correct / items.length) * 10000) / 10000 : 0,
    confusion: matrix,
    byLanguage: Object.fromEntries(
      Object.entries(byLang).map(([l, v]) => [
        l,
        { n: v.n, accuracy: Math.round((v.correct / v.n) * 10000) / 10000 },
      ]),
    ),
    errors,
  };
}

function printMatrix(name: string, result: ReturnType<typeof evaluate>) {
  console.log(`\n${name}: ${result.n} reviews, accuracy ${(result.accuracy * 100).toFixed(1)}%`);
  console.log(`  gold \\ predicted   ${SENTIMENT_LABELS.map((l) => l.padStart(9)).join('')}`);
  for (const gold of SENTIMENT_LABELS) {
    console.log(
      `  ${gold.padEnd(18)}${SENTIMENT_LABELS.map((p) => String(result.confusion[gold][p]).padStart(9)).join('')}`,
    );
  }
  console.log(
    `  by language: ${Object.entries(result.byLanguage)
      .map(([l, v]) => `${l} ${(v.accuracy * 100).toFixed(1)}% (${v.n})`)
      .join(', ')}`,
  );
}

const tune = evaluate(examples.filter((e) => e.split === 'tune'));
const heldout = evaluate(examples.filter((e) => e.split === 'heldout'));
printMatrix('tune', tune);
printMatrix('heldout', heldout);

const showErrors = process.argv.indexOf('--errors');
if (showErrors >= 0) {
  const which = process.argv[showErrors + 1] === 'heldout' ? heldout : tune;
  console.log(`\nerrors (${process.argv[showErrors + 1] ?? 'tune'}):`);
  for (const e of which.errors)
    console.log(`  [${e.rating}★ gold ${e.gold}, got ${e.predicted} ${e.score}] ${e.text}`);
}

const out = path.join(root, 'bench/results/sentiment.json');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(
  out,
  `${JSON.stringify(
    {
      generatedAt: new Date().toISOString(),
      engine: 'local lexicon + rules (apps/server/src/domains/replies/sentiment)',
      dataset: { file: path.relative(root, setFile), total: examples.length },
      target: { heldoutAccuracy: 0.85 },
      tune: { ...tune, errors: tune.errors.length },
      heldout: { ...heldout, errors: heldout.errors.length },
    },
    null,
    2,
  )}\n`,
);
console.log(`\nwrote ${path.relative(root, out)}`);
