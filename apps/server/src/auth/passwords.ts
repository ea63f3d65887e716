import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';
import { AppError } from '../lib/errors.ts';

// OWASP's argon2id baseline (19 MiB, 2 passes): safe and well under 100 ms on a small server.
const OPTIONS = {
  algorithm: 2 /* Argon2id; the const enum cannot be imported under verbatimModuleSyntax */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Argon2 is deliberately expensive: unbounded, a flood of sign-ins or password resets would take
 * every core and the memory with it. At most one hash per core runs at once; past a short queue
 * the caller gets a 503 with Retry-After instead of waiting, and the event loop stays free.
 */
export const PASSWORD_WORK = {
  concurrency: Math.max(1, availableParallelism()),
  maxWaiting: 64,
  retryAfterSeconds: 2,
};
const limit = pLimit(PASSWORD_WORK.concurrency);

export const BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';

function bounded<T>(work: () => Promise<T>): Promise<T> {
  if (limit.pendingCount >= PASSWORD_WORK.maxWaiting) {
    return Promise.reject(
      new AppError('SERVICE_UNAVAILABLE', BUSY_MESSAGE, undefined, {
        retryAfterSeconds: PASSWORD_WORK.retryAfterSeconds,
      }),
    );
  }
  return limit(work);
}

/** Hashes and verifications waiting for a core right now (metrics, tests). */
export const passwordWorkWaiting = () => limit.pendingCount;

export const hashPassword = (password: string) => bounded(() => hash(password, OPTIONS));

export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) return false;
  return bounded(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => {
  dummyHash ??= hash('starloop-no-such-account', OPTIONS);
  return dummyHash;
};
