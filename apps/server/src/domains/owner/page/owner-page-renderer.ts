import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/*
 * Draws the owner's dashboard on the server (issue 34 item 7) in a worker thread running the web
 * app's own code (apps/web/src/ssr/owner-page-worker.ts, built into the web app's dist/.ssr). The
 * worker holds no secret and no database: every tRPC request of the page comes back here and is
 * answered as the person whose page it is (`answer`), through the same routes, checks and limits
 * as the browser's requests. Drawing is a bonus: a page not drawn in time, a busy or failed worker,
 * all give `undefined`, and the page is sent as before (its frame, drawn by the browser).
 */

/** One page to draw. `token` and `ip` stay in this thread: the worker never sees the token. */
export interface TOwnerPageJob {
  /** The page's path and search (/dashboard?branch=12). */
  url: string;
  phone: boolean;
  /** The time zone the person's dates are shown in (their browser's), when known. */
  timeZone?: string | undefined;
  token: string;
  ip: string;
}

export interface TOwnerPage {
  /** The contents of #root. */
  html: string;
  /** The answers it was drawn with (TanStack Query's dehydrated state). */
  state: unknown;
  title: string;
}

/** A tRPC request of the page being drawn. */
export interface TPageRequest {
  url: string;
  method: string;
  body: string | null;
  /** The branch the app asks about (X-Business-Id), when the URL names one. */
  branch: string | null;
}

export interface TOwnerPageRendererOptions {
  workerFile: string;
  answer: (request: TPageRequest, job: TOwnerPageJob) => Promise<{ status: number; body: string }>;
  log: FastifyBaseLogger;
  /** The longest a page may take to draw; past it, the page is sent undrawn. */
  timeoutMs?: number;
  /**
   * The longest a drawing may run on after its page went out undrawn before the worker counts as
   * stuck and starts again.
   */
  stuckMs?: number;
  /** Pages waiting at once beyond which a page is sent undrawn at once. */
  maxWaiting?: number;
  /** The longest a page waits for a worker still starting before it is sent undrawn. */
  startWaitMs?: number;
  /** How long the worker is kept without a page to draw before it is stopped (its memory freed). */
  idleMs?: number;
}

export interface TOwnerPageRenderer {
  /**
   * Starts the worker (about a second of CPU and 60-100 MB), so the pages that follow are drawn:
   * called when someone signs in as an owner, never at start-up, so an instance nobody opens the
   * dashboard on (and every test server) never carries it.
   */
  warm(): void;
  render(job: TOwnerPageJob): Promise<TOwnerPage | undefined>;
  /** Whether the worker is running (started and not yet stopped). */
  running(): boolean;
  close(): Promise<void>;
}

type TPending = { job: TOwnerPageJob; done: (page: TOwnerPage | undefined) => void };

export function createOwnerPageRenderer(options: TOwnerPageRendererOptions): TOwnerPageRenderer {
  const timeoutMs = options.timeoutMs ?? 2000;
  const stuckMs = options.stuckMs ?? 20_000;
  const maxWaiting = options.maxWaiting ?? 4;
  const idleMs = options.idleMs ?? 15 * 60_000;
  const startWaitMs = options.startWaitMs ?? 1000;
  let idleTimer: NodeJS.Timeout | undefined;
  const pending = new Map<number, TPending>();
  let lastJobId = 0;
  let current: { worker: Worker; ready: Promise<boolean>; isReady: boolean } | undefined;

  const finishAll = () => {
    for (const { done } of pending.values()) done(undefined);
    pending.clear();
  };

  // Restarted on every page: the worker lives while pages are drawn, and stops once they are not.
  const keepAlive = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (pending.size === 0) void current?.worker.terminate();
    }, idleMs);
    idleTimer.unref();
  };

  function start() {
    keepAlive();
    if (current) return current;
    // A heap of its own, bounded: a page that grows without end fails alone.
    const worker = new Worker(options.workerFile, { resourceLimits: { maxOldGenerationSizeMb: 160 } });
    // A drawing never keeps the process alive.
    worker.unref();
    const ready = new Promise<boolean>((resolve) => {
      worker.on('message', (message) => {
        if (message.type === 'ready') resolve(true);
        else if (message.type === 'fetch') void answer(worker, message);
        else if (message.type === 'rendered') pending.get(message.jobId)?.done(message.page ?? undefined);
        else if (message.type === 'failed') {
          options.log.warn({ reason: message.message }, 'owner page: not drawn');
          pending.get(message.jobId)?.done(undefined);
        }
      });
      worker.on('error', (error) => {
        options.log.error({ err: error }, 'owner page: the drawing worker failed');
        resolve(false);
      });
      worker.on('exit', () => {
        if (current?.worker === worker) current = undefined;
        resolve(false);
        finishAll();
      });
    });
    const started = { worker, ready, isReady: false };
    void ready.then((ok) => {
      started.isReady = ok;
    });
    current = started;
    return started;
  }

  async function answer(worker: Worker, message: { jobId: number; fetchId: number } & TPageRequest) {
    const job = pending.get(message.jobId)?.job;
    // 410: the page is no longer waited for; 405: not a read.
    let reply = { status: job && message.method !== 'GET' ? 405 : 410, body: '[]' };
    // Reading only: a page is drawn from queries (GET); nothing the drawing does may change data.
    if (job && message.method === 'GET' && message.url.startsWith('/trpc/')) {
      try {
        reply = await options.answer(
          { url: message.url, method: message.method, body: message.body, branch: message.branch },
          job,
        );
      } catch {
        reply = { status: 503, body: '[]' };
      }
    }
    worker.postMessage({ type: 'answer', fetchId: message.fetchId, ...reply });
  }

  return {
    warm() {
      start();
    },
    async render(job) {
      const started = start();
      if (pending.size >= maxWaiting) return undefined;
      // A worker still starting (a sign-in warms it, about a second before its first page) is
      // waited for a little: a page drawn here is still sooner than one drawn by a phone.
      if (!started.isReady) {
        const ready = await Promise.race([started.ready, sleep(startWaitMs).then(() => false)]);
        if (!ready || current !== started) return undefined;
      }
      const jobId = ++lastJobId;
      return new Promise<TOwnerPage | undefined>((resolve) => {
        let stuckTimer: NodeJS.Timeout | undefined;
        const timer = setTimeout(() => {
          options.log.warn({ timeoutMs }, 'owner page: not drawn in time, sent undrawn');
          resolve(undefined);
          // The drawing runs on: a new worker's first pages are slow (none of the app's code is
          // compiled yet), and stopping it then would make every next page a first page again.
          // One that does not finish at all is stuck: the pages behind it would wait for it.
          stuckTimer = setTimeout(() => {
            if (!pending.has(jobId)) return;
            options.log.warn({ stuckMs }, 'owner page: the drawing is stuck, the worker starts again');
            pending.delete(jobId);
            void started.worker.terminate();
          }, stuckMs);
          stuckTimer.unref();
        }, timeoutMs);
        pending.set(jobId, {
          job,
          done: (page) => {
            clearTimeout(timer);
            clearTimeout(stuckTimer);
            pending.delete(jobId);
            resolve(page);
          },
        });
        const { token: _token, ip: _ip, ...forWorker } = job;
        started.worker.postMessage({
          type: 'render',
          jobId,
          job: { ...forWorker, token: 'page-cookie' },
          // The worker gives up a little before this thread does (its answer still arrives).
          waitMs: Math.max(200, timeoutMs - 500),
        });
      });
    },
    running() {
      return current !== undefined;
    },
    async close() {
      clearTimeout(idleTimer);
      finishAll();
      await current?.worker.terminate();
      current = undefined;
    },
  };
}
