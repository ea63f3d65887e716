import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const urlWithProtocols = (protocols: string[], example: string) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, `must be a URL like ${example}`);

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  APP_URL: optionalText.pipe(urlWithProtocols(['http:', 'https:'], 'https://starloop.example').optional()),
  DATA_DIR: z.string().trim().min(1).default('./.data'),
  DATABASE_URL: optionalText.pipe(
    urlWithProtocols(['postgres:', 'postgresql:'], 'postgres://user:pass@host:5432/db').optional(),
  ),
  RAZORPAY_KEY_ID: optionalText,
  RAZORPAY_KEY_SECRET: optionalText,
  RAZORPAY_WEBHOOK_SECRET: optionalText,
  RAZORPAY_API_BASE: optionalText
    .pipe(urlWithProtocols(['http:', 'https:'], 'https://api.razorpay.com/v1').optional())
    .transform((v) => v ?? 'https://api.razorpay.com/v1'),
  SMTP_URL: optionalText.pipe(urlWithProtocols(['smtp:', 'smtps:'], 'smtp://user:pass@host:587').optional()),
  MAIL_FROM: z.string().trim().min(3).default('StarLoop <no-reply@starloop.local>'),
  TOKEN_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  LLM_API_URL: optionalText.pipe(urlWithProtocols(['http:', 'https:'], 'https://llm.example/v1').optional()),
  LLM_API_KEY: optionalText,
  LLM_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
  REDIS_URL: optionalText.pipe(urlWithProtocols(['redis:', 'rediss:'], 'redis://127.0.0.1:6379').optional()),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  // Only benchmarks turn rate limits off; anything but the exact word 'off' keeps them on.
  RATE_LIMITS: z.enum(['on', 'off'], { message: "must be 'on' or 'off'" }).default('on'),
});

export type TEnv = z.infer<typeof ZEnv>;

export class ConfigError extends Error {
  constructor(public readonly issues: { variable: string; message: string }[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  ${i.variable}: ${i.message}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export interface TConfig {
  env: TEnv['NODE_ENV'];
  server: { port: number; host: string };
  appUrl: string;
  dataDir: string;
  database: { url: string | undefined; driver: 'pglite' | 'postgres' };
  razorpay: {
    keyId: string | undefined;
    keySecret: string | undefined;
    webhookSecret: string | undefined;
    apiBase: string;
    /** Real Razorpay is used whenever both keys are set; otherwise the built-in test gateway. */
    enabled: boolean;
  };
  mail: { smtpUrl: string | undefined; from: string };
  tokenSecret: string;
  llm: { url: string | undefined; key: string | undefined; model: string };
  redisUrl: string | undefined;
  logLevel: TEnv['LOG_LEVEL'];
  /** False only when RATE_LIMITS=off (benchmarks). */
  rateLimitsEnabled: boolean;
}

/** Parses the environment; throws ConfigError naming every bad variable. Pure: no files touched. */
export function parseEnv(source: Record<string, string | undefined>): TEnv {
  const result = ZEnv.safeParse(source);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? '?'),
        message: issue.message,
      })),
    );
  }
  return result.data;
}

/**
 * The token secret, when not given, is generated once and kept under DATA_DIR so a laptop
 * needs no setup and tokens survive restarts.
 */
function resolveTokenSecret(given: string | undefined, dataDir: string): string {
  if (given) return given;
  const file = path.join(dataDir, 'token-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): TConfig {
  const env = parseEnv(source);
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    server: { port: env.PORT, host: env.HOST },
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    dataDir,
    database: { url: env.DATABASE_URL, driver: env.DATABASE_URL ? 'postgres' : 'pglite' },
    razorpay: {
      keyId: env.RAZORPAY_KEY_ID,
      keySecret: env.RAZORPAY_KEY_SECRET,
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
      apiBase: env.RAZORPAY_API_BASE,
      enabled: Boolean(env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET),
    },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    tokenSecret: resolveTokenSecret(env.TOKEN_SECRET, dataDir),
    llm: { url: env.LLM_API_URL, key: env.LLM_API_KEY, model: env.LLM_MODEL },
    redisUrl: env.REDIS_URL,
    logLevel: env.LOG_LEVEL,
    rateLimitsEnabled: env.RATE_LIMITS !== 'off',
  };
}
