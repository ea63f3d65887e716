import type { TConfig } from '@starloop/config';
import {
  REVIEW_PAGE_LANGUAGE_META,
  type TReviewPageLanguage,
  type TSentimentLabel,
  writtenIn,
} from '@starloop/contract';
import type { FastifyBaseLogger } from 'fastify';

export const LLM_TIMEOUT_MS = 5000;

export interface TRewriteInput {
  draft: string;
  message: string;
  rating: number;
  sentiment: TSentimentLabel;
  businessName: string;
  /** The review's language (issue 33 item 3): the reply is written in it. English when absent. */
  language?: TReviewPageLanguage;
}

const promptLines = (register: string) =>
  [
    'You polish replies that an Indian business sends to customers who left a review.',
    'Rewrite the draft reply so it reads naturally and responds to what the customer wrote.',
    'Keep its meaning, its thanks or apology, its promise of follow-up (if any) and its sign-off.',
    `${register} At most 120 words. Do not invent facts, offers, refunds or discounts.`,
    'Answer with the reply text only, no quotes and no placeholders.',
  ].join(' ');

/** The instructions: warm Indian English, or the review's own language in its own script. */
export function systemPrompt(language: TReviewPageLanguage = 'en'): string {
  if (language === 'en') return promptLines('Professional, warm Indian English.');
  const { english, name } = REVIEW_PAGE_LANGUAGE_META[language];
  return promptLines(
    `Write the reply in ${english} (${name}), in its own script, professional and warm, as a native speaker writes to a customer; never in English.`,
  );
}

/**
 * Asks an OpenAI-compatible endpoint (POST {url}/chat/completions) to rewrite the template reply.
 * Returns undefined when no endpoint is configured, or on any error or timeout: the template reply
 * is then used as it is. The API key never reaches a log.
 */
export async function rewriteWithLlm(
  llm: TConfig['llm'],
  input: TRewriteInput,
  options: { log?: FastifyBaseLogger; timeoutMs?: number } = {},
): Promise<string | undefined> {
  if (!llm.url || !llm.key) return undefined;
  const url = `${llm.url.replace(/\/+$/, '')}/chat/completions`;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${llm.key}` },
      body: JSON.stringify({
        model: llm.model,
        temperature: 0.4,
        max_tokens: 400,
        messages: [
          { role: 'system', content: systemPrompt(input.language) },
          {
            role: 'user',
            content: `Business: ${input.businessName}\nRating: ${input.rating}/5 (${input.sentiment})\nCustomer review:\n"""${input.message}"""\n\nDraft reply:\n"""${input.draft}"""`,
          },
        ],
      }),
      signal: AbortSignal.timeout(options.timeoutMs ?? LLM_TIMEOUT_MS),
    });
    if (!response.ok) {
      options.log?.warn({ status: response.status }, 'LLM rewrite failed; using the template reply');
      return undefined;
    }
    const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
    const content = body.choices?.[0]?.message?.content;
    const text =
      typeof content === 'string'
        ? content
            .trim()
            .replace(/^"""|"""$/g, '')
            .trim()
        : '';
    if (!text || text.length > 2000 || /\{\w+\}/.test(text)) {
      options.log?.warn('LLM rewrite returned no usable text; using the template reply');
      return undefined;
    }
    // A Hindi review gets a Hindi reply: an answer in another script is not used.
    if (input.language && input.language !== 'en' && !writtenIn(text, input.language)) {
      options.log?.warn(
        { language: input.language },
        'LLM rewrite not in the review language; using the template reply',
      );
      return undefined;
    }
    return text;
  } catch (error) {
    const reason =
      error instanceof Error ? (error.name === 'TimeoutError' ? 'timeout' : error.message) : String(error);
    options.log?.warn({ reason }, 'LLM rewrite failed; using the template reply');
    return undefined;
  }
}
