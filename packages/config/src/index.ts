import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { PROMOTIONAL_HOURS_IST } from '@starloop/contract/rules';
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

const positiveInt = (fallback: number) =>
  z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .positive('must be above 0')
    .default(fallback);

/** `loopback`, `linklocal`, `uniquelocal`, an IPv4/IPv6 address, or one with a /prefix. */
const PROXY_KEYWORDS = ['loopback', 'linklocal', 'uniquelocal'] as const;
const isProxyEntry = (entry: string) => {
  if ((PROXY_KEYWORDS as readonly string[]).includes(entry)) return true;
  const [address, prefix, ...extra] = entry.split('/');
  if (extra.length > 0 || !address || isIP(address) === 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (isIP(address) === 4 ? 32 : 128);
};

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
  // Production without Razorpay keys refuses to start unless this says 'on' (decisions.md).
  PAYMENTS_TEST_MODE: z.enum(['on', 'off'], { message: "must be 'on' or 'off'" }).default('off'),
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
  LOG_FORMAT: z.enum(['json', 'pretty'], { message: "must be 'json' or 'pretty'" }).default('json'),
  // Proxies whose X-Forwarded-For is believed: unset, the header is ignored and the peer is the client.
  TRUST_PROXY: optionalText.pipe(
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .refine(
        (entries) => entries.every(isProxyEntry),
        'must list addresses, CIDRs (10.0.0.0/8) or loopback, linklocal, uniquelocal, separated by commas',
      )
      .optional(),
  ),
  REVIEWS_PER_BUSINESS_PER_HOUR: positiveInt(120),
  REVIEW_QUEUE_MAX: positiveInt(5000),
  // Hours (IST, from-to) in which promotional review requests (campaigns, reminders) may go out.
  // TRAI's rule for promotional messages is 9 to 21 (the contract's PROMOTIONAL_HOURS_IST, the
  // default); only a narrower window belongs in production.
  REQUESTS_PROMOTIONAL_HOURS: z
    .string()
    .trim()
    .default(`${PROMOTIONAL_HOURS_IST.from}-${PROMOTIONAL_HOURS_IST.to}`)
    .refine((v) => {
      const m = /^(\d{1,2})-(\d{1,2})$/.exec(v);
      return m !== null && Number(m[1]) < Number(m[2]) && Number(m[2]) <= 24;
    }, 'must be two hours FROM-TO with FROM < TO <= 24, e.g. 9-21')
    .transform((v) => {
      const [from, to] = v.split('-').map(Number);
      return { from: from!, to: to! };
    }),
  DATABASE_POOL_MAX: positiveInt(10),
  // 'off': this instance queues jobs but runs none (web instances of a split deployment, whose
  // workers run elsewhere); the default runs both.
  JOB_WORKERS: z.enum(['on', 'off'], { message: "must be 'on' or 'off'" }).default('on'),
  DATABASE_CONNECT_TIMEOUT_MS: positiveInt(5000),
  DATABASE_STATEMENT_TIMEOUT_MS: positiveInt(15_000),
  REQUEST_TIMEOUT_MS: positiveInt(30_000),
  SHUTDOWN_TIMEOUT: positiveInt(20),
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  // Google Business Profile (issue 20): the feature is on only when the client id and secret are set.
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  // Tests and the e2e run point these at the fake Google; unset, each API's own host is used.
  GOOGLE_API_BASE: optionalText.pipe(
    urlWithProtocols(['http:', 'https:'], 'https://googleapis.example').optional(),
  ),
  GOOGLE_OAUTH_BASE: optionalText.pipe(
    urlWithProtocols(['http:', 'https:'], 'https://oauth2.googleapis.com').optional(),
  ),
  // Sealing key of the Google tokens (32+ characters); unset, one is derived from TOKEN_SECRET.
  GOOGLE_TOKEN_KEY: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  // Cloud Pub/Sub push: the topic Google publishes to, the push subscription's service account
  // (the OIDC token's email) and audience; without the service account pushes are refused.
  GOOGLE_PUBSUB_TOPIC: optionalText.pipe(
    z
      .string()
      .regex(/^projects\/[^/]+\/topics\/[^/]+$/, 'must look like projects/PROJECT/topics/TOPIC')
      .optional(),
  ),
  GOOGLE_PUBSUB_SERVICE_ACCOUNT: optionalText,
  GOOGLE_PUBSUB_AUDIENCE: optionalText,
  GOOGLE_HTTP_TIMEOUT_MS: positiveInt(15_000),
  // First wait before a request to Google is tried again after a 429 or 5xx (doubles each time).
  GOOGLE_RETRY_BASE_MS: positiveInt(1_000),
  // Only benchmarks turn rate limits off; anything but the exact word 'off' keeps them on.
  RATE_LIMITS: z.enum(['on', 'off'], { message: "must be 'on' or 'off'" }).default('on'),
  // Review-request channels (docs/decisions.md, "Review requests"): platform-level values here, each
  // owner's own credentials sealed in the database.
  WHATSAPP_API_BASE: optionalText
    .pipe(urlWithProtocols(['http:', 'https:'], 'https://graph.facebook.com/v21.0').optional())
    .transform((v) => (v ?? 'https://graph.facebook.com/v21.0').replace(/\/+$/, '')),
  // StarLoop's Meta app: signs every webhook (X-Hub-Signature-256) and answers its GET handshake.
  WHATSAPP_APP_SECRET: optionalText,
  WHATSAPP_VERIFY_TOKEN: optionalText,
  SMS_API_BASE: optionalText
    .pipe(
      urlWithProtocols(['http:', 'https:'], 'https://enterprise.smsgupshup.com/GatewayAPI/rest').optional(),
    )
    .transform((v) => (v ?? 'https://enterprise.smsgupshup.com/GatewayAPI/rest').replace(/\/+$/, '')),
  // Gupshup signs nothing: each owner's delivery-report URL carries a token derived from this.
  SMS_WEBHOOK_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  // How long a provider gets to answer one send (then the outcome is in doubt, never resent blindly).
  CHANNEL_SEND_TIMEOUT_MS: positiveInt(10_000),
  // StarLoop's own WhatsApp Cloud API sender (renewal reminders to owners): all three or none.
  OPERATOR_WHATSAPP_PHONE_NUMBER_ID: optionalText.pipe(
    z
      .string()
      .regex(/^\d{5,30}$/, 'must be the numeric phone number ID from WhatsApp Manager')
      .optional(),
  ),
  OPERATOR_WHATSAPP_ACCESS_TOKEN: optionalText.pipe(
    z.string().min(20, 'must be at least 20 characters').optional(),
  ),
  OPERATOR_WHATSAPP_RENEWAL_TEMPLATE: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9_]{1,512}$/, 'must be a template name: lower-case letters, digits and underscores')
      .optional(),
  ),
  // Case alerts to owners' teams from the same sender (issue 33): optional; unset, alerts go by email.
  OPERATOR_WHATSAPP_CASE_ALERT_TEMPLATE: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9_]{1,512}$/, 'must be a template name: lower-case letters, digits and underscores')
      .optional(),
  ),
  OPERATOR_WHATSAPP_TEMPLATE_LANGUAGE: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'must be a WhatsApp language code like en, hi or en_US')
    .default('en'),
  // Platform channels (issue 33): StarLoop's own sender used by every owner within the plan's
  // monthly quota. WhatsApp uses the operator number above with these approved templates, one per
  // page language: case replies ({{1}} business, {{2}} text) and review requests ({{1}} name, {{2}} link).
  OPERATOR_WHATSAPP_CASE_TEMPLATE: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9_]{1,512}$/, 'must be a template name: lower-case letters, digits and underscores')
      .optional(),
  ),
  OPERATOR_WHATSAPP_REQUEST_TEMPLATE: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9_]{1,512}$/, 'must be a template name: lower-case letters, digits and underscores')
      .optional(),
  ),
  // Web Push to the owner app (issue 34): the VAPID key pair (web-push's generateVAPIDKeys, URL-safe
  // base64) and a contact (mailto: or https:) for the push services; all three or none. Unset: no push.
  VAPID_PUBLIC_KEY: optionalText.pipe(
    z
      .string()
      .regex(
        /^[A-Za-z0-9_-]{87}$/,
        'must be the URL-safe base64 public key (87 characters) of a P-256 VAPID pair',
      )
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optionalText.pipe(
    z
      .string()
      .regex(
        /^[A-Za-z0-9_-]{43}$/,
        'must be the URL-safe base64 private key (43 characters) of a P-256 VAPID pair',
      )
      .optional(),
  ),
  VAPID_SUBJECT: optionalText.pipe(
    z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https: URL')
      .optional(),
  ),
  // StarLoop's own DLT-registered SMS sender on Gupshup (all six or none). The case template's first
  // {#var#} is the business name, the others carry the reply in pieces of 30 characters.
  PLATFORM_SMS_USER_ID: optionalText,
  PLATFORM_SMS_PASSWORD: optionalText.pipe(z.string().min(6, 'must be at least 6 characters').optional()),
  PLATFORM_SMS_ENTITY_ID: optionalText.pipe(
    z
      .string()
      .regex(/^\d{10,25}$/, 'must be the DLT principal entity id')
      .optional(),
  ),
  PLATFORM_SMS_HEADER: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Z]{6}$/, 'must be a 6-letter DLT header')
      .optional(),
  ),
  PLATFORM_SMS_CASE_TEMPLATE_ID: optionalText.pipe(
    z
      .string()
      .regex(/^\d{10,25}$/, 'must be the DLT content template id')
      .optional(),
  ),
  PLATFORM_SMS_CASE_TEMPLATE_TEXT: optionalText.pipe(
    z
      .string()
      .refine((v) => v.split('{#var#}').length - 1 >= 2, 'must hold {#var#} for the business and the reply')
      .optional(),
  ),
  // The "my data" page's one-time codes by SMS (issue 35): a DLT template whose one {#var#} is the
  // code. Without them (or the platform sender), codes go by email only.
  PLATFORM_SMS_OTP_TEMPLATE_ID: optionalText.pipe(
    z
      .string()
      .regex(/^\d{10,25}$/, 'must be the DLT content template id')
      .optional(),
  ),
  PLATFORM_SMS_OTP_TEMPLATE_TEXT: optionalText.pipe(
    z
      .string()
      .refine((v) => v.split('{#var#}').length - 1 === 1, 'must hold one {#var#} for the code')
      .optional(),
  ),
  // Email replies from a case carry a reply address case+<token>@<this domain>; the inbound mail
  // service posts them to /api/webhooks/email/inbound with this secret.
  CASE_REPLY_EMAIL_DOMAIN: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must be a domain name like reply.starloop.in')
      .optional(),
  ),
  CASE_INBOUND_EMAIL_SECRET: optionalText.pipe(
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  // Outbound webhooks to http:// or private addresses: local development and tests only.
  OUTBOUND_WEBHOOKS_ALLOW_LOCAL: z.enum(['on', 'off'], { message: "must be 'on' or 'off'" }).default('off'),
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
    /** Real Razorpay whenever both keys are set and PAYMENTS_TEST_MODE is not on; else the test gateway. */
    enabled: boolean;
  };
  /** Client addresses: the proxies whose X-Forwarded-For is believed (false: none). */
  trustProxy: string[] | false;
  reviews: { perBusinessPerHour: number; writerQueueMax: number };
  /** Review requests: the IST hours promotional messages may go out in ([from, to)). */
  requests: { promotionalHours: { from: number; to: number } };
  limits: {
    databasePoolMax: number;
    databaseConnectTimeoutMs: number;
    databaseStatementTimeoutMs: number;
    requestTimeoutMs: number;
    shutdownTimeoutMs: number;
  };
  logFormat: TEnv['LOG_FORMAT'];
  metricsToken: string | undefined;
  mail: { smtpUrl: string | undefined; from: string };
  tokenSecret: string;
  llm: { url: string | undefined; key: string | undefined; model: string };
  redisUrl: string | undefined;
  logLevel: TEnv['LOG_LEVEL'];
  /** False only when RATE_LIMITS=off (benchmarks). */
  rateLimitsEnabled: boolean;
  /** False when JOB_WORKERS=off: jobs are queued here and run by other instances. */
  jobWorkers: boolean;
  /** Review-request channels and integrations (docs/decisions.md, "Review requests"). */
  channels: TChannelsConfig;
  outboundWebhooks: { allowLocal: boolean };
  /** Google Business Profile; `enabled` only with a client id and secret (otherwise the feature is hidden). */
  google: TGoogleConfig;
  /** StarLoop's own WhatsApp sender (renewal reminders and case alerts to owners' teams); undefined when not configured. */
  operatorWhatsApp: TOperatorWhatsAppConfig | undefined;
  /** Web Push to the owner app (VAPID); undefined when the three variables are not set. */
  webPush: { publicKey: string; privateKey: string; subject: string } | undefined;
  /** StarLoop's own channels every owner may use within the plan's quota (issue 33). */
  platform: TPlatformChannelsConfig;
}

export interface TPlatformChannelsConfig {
  /** The operator number's approved templates; undefined: that use is not set up. */
  whatsapp: { caseTemplate: string | undefined; requestTemplate: string | undefined };
  sms:
    | {
        userId: string;
        password: string;
        principalEntityId: string;
        header: string;
        caseTemplateId: string;
        caseTemplateText: string;
        /** The "my data" page's code template (one {#var#}); undefined: codes by email only. */
        otpTemplateId: string | undefined;
        otpTemplateText: string | undefined;
      }
    | undefined;
  replyEmailDomain: string | undefined;
  inboundEmailSecret: string | undefined;
}

/** StarLoop's WhatsApp Business Cloud API number, token and approved renewal template (channels.whatsapp.apiBase). */
export interface TOperatorWhatsAppConfig {
  phoneNumberId: string;
  accessToken: string;
  renewalTemplate: string;
  /** The approved template of case alerts to a business's team; undefined: alerts go by email only. */
  caseAlertTemplate: string | undefined;
  templateLanguage: string;
}

export interface TGoogleConfig {
  enabled: boolean;
  clientId: string | undefined;
  clientSecret: string | undefined;
  /** Where Google sends the owner back after consent (the settings page). */
  redirectUri: string;
  /** Set: every Google API host is replaced by it (tests, the e2e run's fake). */
  apiBase: string | undefined;
  /** Set: accounts.google.com and oauth2.googleapis.com are replaced by it. */
  oauthBase: string | undefined;
  /** The key the tokens are sealed with (GOOGLE_TOKEN_KEY, else derived from TOKEN_SECRET). */
  tokenKey: string;
  pubsub: { topic: string | undefined; serviceAccount: string | undefined; audience: string };
  httpTimeoutMs: number;
  retryBaseMs: number;
}

export interface TChannelsConfig {
  whatsapp: { apiBase: string; appSecret: string | undefined; verifyToken: string | undefined };
  sms: { apiBase: string; webhookSecret: string | undefined };
  sendTimeoutMs: number;
}

/** Rules between variables, and the ones production adds (docs/security.md). */
function crossChecks(env: TEnv): { variable: string; message: string }[] {
  const issues: { variable: string; message: string }[] = [];
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    const message = 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together';
    issues.push({ variable: 'GOOGLE_CLIENT_ID', message }, { variable: 'GOOGLE_CLIENT_SECRET', message });
  }
  if (Boolean(env.RAZORPAY_KEY_ID) !== Boolean(env.RAZORPAY_KEY_SECRET)) {
    const message = 'RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET must be set together';
    issues.push({ variable: 'RAZORPAY_KEY_ID', message }, { variable: 'RAZORPAY_KEY_SECRET', message });
  }
  const operatorWhatsApp = [
    'OPERATOR_WHATSAPP_PHONE_NUMBER_ID',
    'OPERATOR_WHATSAPP_ACCESS_TOKEN',
    'OPERATOR_WHATSAPP_RENEWAL_TEMPLATE',
  ] as const;
  const operatorSet = operatorWhatsApp.filter((name) => env[name] !== undefined);
  if (operatorSet.length > 0 && operatorSet.length < operatorWhatsApp.length) {
    const message = `${operatorWhatsApp.join(', ')} must be set together`;
    for (const variable of operatorWhatsApp) {
      if (env[variable] === undefined) issues.push({ variable, message });
    }
  }
  if (env.OPERATOR_WHATSAPP_CASE_ALERT_TEMPLATE !== undefined && operatorSet.length === 0) {
    issues.push({
      variable: 'OPERATOR_WHATSAPP_CASE_ALERT_TEMPLATE',
      message: `needs StarLoop's WhatsApp sender: ${operatorWhatsApp.join(', ')}`,
    });
  }
  const vapid = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const;
  const vapidSet = vapid.filter((name) => env[name] !== undefined);
  if (vapidSet.length > 0 && vapidSet.length < vapid.length) {
    const message = `${vapid.join(', ')} must be set together`;
    for (const variable of vapid) {
      if (env[variable] === undefined) issues.push({ variable, message });
    }
  }
  const platformSms = [
    'PLATFORM_SMS_USER_ID',
    'PLATFORM_SMS_PASSWORD',
    'PLATFORM_SMS_ENTITY_ID',
    'PLATFORM_SMS_HEADER',
    'PLATFORM_SMS_CASE_TEMPLATE_ID',
    'PLATFORM_SMS_CASE_TEMPLATE_TEXT',
  ] as const;
  const smsSet = platformSms.filter((name) => env[name] !== undefined);
  if (smsSet.length > 0 && smsSet.length < platformSms.length) {
    const message = `${platformSms.join(', ')} must be set together`;
    for (const variable of platformSms) {
      if (env[variable] === undefined) issues.push({ variable, message });
    }
  }
  if (env.JOB_WORKERS === 'off' && !env.DATABASE_URL) {
    issues.push({
      variable: 'JOB_WORKERS',
      message: "'off' needs DATABASE_URL: with the embedded database no other process can run the jobs",
    });
  }
  if (env.NODE_ENV !== 'production') return issues;
  const razorpayComplete = env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET && env.RAZORPAY_WEBHOOK_SECRET;
  if (!razorpayComplete && env.PAYMENTS_TEST_MODE !== 'on') {
    issues.push({
      variable: 'RAZORPAY_KEY_ID',
      message:
        'production needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET, or PAYMENTS_TEST_MODE=on to run the test gateway on purpose',
    });
  }
  if (env.RATE_LIMITS === 'off') {
    issues.push({ variable: 'RATE_LIMITS', message: "'off' is for benchmarks and is refused in production" });
  }
  if (env.OUTBOUND_WEBHOOKS_ALLOW_LOCAL === 'on') {
    issues.push({
      variable: 'OUTBOUND_WEBHOOKS_ALLOW_LOCAL',
      message: "'on' lets owners aim webhooks at internal addresses and is refused in production",
    });
  }
  if (!env.TOKEN_SECRET) {
    issues.push({
      variable: 'TOKEN_SECRET',
      message: 'is required in production (every instance must share it; 32+ characters)',
    });
  }
  return issues;
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
  const issues = crossChecks(result.data);
  if (issues.length > 0) throw new ConfigError(issues);
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
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const tokenSecret = resolveTokenSecret(env.TOKEN_SECRET, dataDir);
  return {
    env: env.NODE_ENV,
    server: { port: env.PORT, host: env.HOST },
    appUrl,
    dataDir,
    database: { url: env.DATABASE_URL, driver: env.DATABASE_URL ? 'postgres' : 'pglite' },
    razorpay: {
      keyId: env.RAZORPAY_KEY_ID,
      keySecret: env.RAZORPAY_KEY_SECRET,
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
      apiBase: env.RAZORPAY_API_BASE,
      enabled: Boolean(env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET) && env.PAYMENTS_TEST_MODE !== 'on',
    },
    trustProxy: env.TRUST_PROXY && env.TRUST_PROXY.length > 0 ? env.TRUST_PROXY : false,
    reviews: {
      perBusinessPerHour: env.REVIEWS_PER_BUSINESS_PER_HOUR,
      writerQueueMax: env.REVIEW_QUEUE_MAX,
    },
    limits: {
      databasePoolMax: env.DATABASE_POOL_MAX,
      databaseConnectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      databaseStatementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
      requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
      shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT * 1000,
    },
    logFormat: env.LOG_FORMAT,
    metricsToken: env.METRICS_TOKEN,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    tokenSecret,
    llm: { url: env.LLM_API_URL, key: env.LLM_API_KEY, model: env.LLM_MODEL },
    redisUrl: env.REDIS_URL,
    logLevel: env.LOG_LEVEL,
    rateLimitsEnabled: env.RATE_LIMITS !== 'off',
    jobWorkers: env.JOB_WORKERS === 'on',
    requests: { promotionalHours: env.REQUESTS_PROMOTIONAL_HOURS },
    channels: {
      whatsapp: {
        apiBase: env.WHATSAPP_API_BASE,
        appSecret: env.WHATSAPP_APP_SECRET,
        verifyToken: env.WHATSAPP_VERIFY_TOKEN,
      },
      sms: { apiBase: env.SMS_API_BASE, webhookSecret: env.SMS_WEBHOOK_SECRET },
      sendTimeoutMs: env.CHANNEL_SEND_TIMEOUT_MS,
    },
    outboundWebhooks: { allowLocal: env.OUTBOUND_WEBHOOKS_ALLOW_LOCAL === 'on' },
    google: {
      enabled: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      redirectUri: `${appUrl}/dashboard/settings`,
      apiBase: env.GOOGLE_API_BASE?.replace(/\/+$/, ''),
      oauthBase: env.GOOGLE_OAUTH_BASE?.replace(/\/+$/, ''),
      // A key of its own lets TOKEN_SECRET rotate without disconnecting every owner from Google.
      tokenKey: env.GOOGLE_TOKEN_KEY ?? `google-tokens:${tokenSecret}`,
      pubsub: {
        topic: env.GOOGLE_PUBSUB_TOPIC,
        serviceAccount: env.GOOGLE_PUBSUB_SERVICE_ACCOUNT,
        audience: env.GOOGLE_PUBSUB_AUDIENCE ?? `${appUrl}/api/google/pubsub`,
      },
      httpTimeoutMs: env.GOOGLE_HTTP_TIMEOUT_MS,
      retryBaseMs: env.GOOGLE_RETRY_BASE_MS,
    },
    operatorWhatsApp:
      env.OPERATOR_WHATSAPP_PHONE_NUMBER_ID &&
      env.OPERATOR_WHATSAPP_ACCESS_TOKEN &&
      env.OPERATOR_WHATSAPP_RENEWAL_TEMPLATE
        ? {
            phoneNumberId: env.OPERATOR_WHATSAPP_PHONE_NUMBER_ID,
            accessToken: env.OPERATOR_WHATSAPP_ACCESS_TOKEN,
            renewalTemplate: env.OPERATOR_WHATSAPP_RENEWAL_TEMPLATE,
            caseAlertTemplate: env.OPERATOR_WHATSAPP_CASE_ALERT_TEMPLATE,
            templateLanguage: env.OPERATOR_WHATSAPP_TEMPLATE_LANGUAGE,
          }
        : undefined,
    webPush:
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && env.VAPID_SUBJECT
        ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT }
        : undefined,
    platform: {
      whatsapp: {
        caseTemplate: env.OPERATOR_WHATSAPP_CASE_TEMPLATE,
        requestTemplate: env.OPERATOR_WHATSAPP_REQUEST_TEMPLATE,
      },
      sms:
        env.PLATFORM_SMS_USER_ID &&
        env.PLATFORM_SMS_PASSWORD &&
        env.PLATFORM_SMS_ENTITY_ID &&
        env.PLATFORM_SMS_HEADER &&
        env.PLATFORM_SMS_CASE_TEMPLATE_ID &&
        env.PLATFORM_SMS_CASE_TEMPLATE_TEXT
          ? {
              userId: env.PLATFORM_SMS_USER_ID,
              password: env.PLATFORM_SMS_PASSWORD,
              principalEntityId: env.PLATFORM_SMS_ENTITY_ID,
              header: env.PLATFORM_SMS_HEADER,
              caseTemplateId: env.PLATFORM_SMS_CASE_TEMPLATE_ID,
              caseTemplateText: env.PLATFORM_SMS_CASE_TEMPLATE_TEXT,
              otpTemplateId:
                env.PLATFORM_SMS_OTP_TEMPLATE_ID && env.PLATFORM_SMS_OTP_TEMPLATE_TEXT
                  ? env.PLATFORM_SMS_OTP_TEMPLATE_ID
                  : undefined,
              otpTemplateText:
                env.PLATFORM_SMS_OTP_TEMPLATE_ID && env.PLATFORM_SMS_OTP_TEMPLATE_TEXT
                  ? env.PLATFORM_SMS_OTP_TEMPLATE_TEXT
                  : undefined,
            }
          : undefined,
      replyEmailDomain: env.CASE_REPLY_EMAIL_DOMAIN,
      inboundEmailSecret: env.CASE_INBOUND_EMAIL_SECRET,
    },
  };
}
