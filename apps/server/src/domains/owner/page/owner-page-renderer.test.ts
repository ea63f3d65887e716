import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createOwnerPageRenderer } from './owner-page-renderer.ts';

/** A worker speaking the drawing protocol: draws the job's URL. */
const FIXTURE_WORKER = `
import { parentPort } from 'node:worker_threads';
parentPort.on('message', (message) => {
  if (message.type !== 'render') return;
  parentPort.postMessage({ type: 'rendered', jobId: message.jobId, page: { html: '<main>' + message.job.url + '</main>', state: {}, title: 'x' } });
});
parentPort.postMessage({ type: 'ready' });
`;

/** A worker whose drawings take as long as the URL says (?ms=300), or forever (?stuck), signed. */
const SLOW_WORKER = `
import { parentPort } from 'node:worker_threads';
const self = Math.random().toString(36).slice(2);
parentPort.on('message', (message) => {
  if (message.type !== 'render' || message.job.url.includes('stuck')) return;
  const ms = Number(new URL(message.job.url, 'http://x').searchParams.get('ms') ?? 0);
  setTimeout(() => {
    parentPort.postMessage({ type: 'rendered', jobId: message.jobId, page: { html: self, state: {}, title: 'x' } });
  }, ms);
});
parentPort.postMessage({ type: 'ready' });
`;

const dir = mkdtempSync(path.join(tmpdir(), 'owner-page-renderer-'));
const workerFile = path.join(dir, 'worker.mjs');
writeFileSync(workerFile, FIXTURE_WORKER);
const slowWorkerFile = path.join(dir, 'slow-worker.mjs');
writeFileSync(slowWorkerFile, SLOW_WORKER);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const job = { url: '/dashboard', phone: true, token: 'secret', ip: '127.0.0.1' };
const until = async (check: () => boolean) => {
  for (let tries = 0; !check() && tries < 100; tries += 1) await new Promise((r) => setTimeout(r, 20));
  return check();
};

const newRenderer = (options: {
  idleMs?: number;
  startWaitMs?: number;
  timeoutMs?: number;
  stuckMs?: number;
  workerFile?: string;
}) =>
  createOwnerPageRenderer({
    workerFile,
    log: Fastify({ logger: false }).log,
    answer: async () => ({ status: 200, body: '[]' }),
    ...options,
  });

describe('the owner page renderer', () => {
  it('sends a page undrawn when its worker is not up within the wait', async () => {
    const renderer = newRenderer({ startWaitMs: 0 });
    try {
      expect(await renderer.render(job)).toBeUndefined();
      expect(renderer.running()).toBe(true);
    } finally {
      await renderer.close();
    }
  });

  it('starts its worker only when asked, and stops it once no page has been drawn for a while', async () => {
    const renderer = newRenderer({ idleMs: 150, startWaitMs: 5000 });
    try {
      expect(renderer.running()).toBe(false);
      renderer.warm();
      expect(renderer.running()).toBe(true);
      // The first page waits for the worker to start (a little), then is drawn.
      const page = await renderer.render(job);
      expect(page?.html).toBe('<main>/dashboard</main>');
      // Idle: the worker goes, and its memory with it.
      expect(await until(() => !renderer.running())).toBe(true);
      // The next page starts it again, and is drawn by it.
      expect((await renderer.render({ ...job, url: '/dashboard?again' }))?.html).toBe(
        '<main>/dashboard?again</main>',
      );
      expect(renderer.running()).toBe(true);
    } finally {
      await renderer.close();
    }
    expect(renderer.running()).toBe(false);
  });

  it('sends a slow page undrawn but lets the drawing finish, and restarts a worker only when stuck', async () => {
    const renderer = newRenderer({
      workerFile: slowWorkerFile,
      timeoutMs: 100,
      stuckMs: 400,
      startWaitMs: 5000,
    });
    try {
      const first = await renderer.render({ ...job, url: '/dashboard' });
      const drawnBy = first?.html;
      expect(drawnBy).toBeTruthy();
      // A first page slower than the timeout (a cold worker) goes out undrawn; the worker stays,
      // and the next page is drawn by it.
      expect(await renderer.render({ ...job, url: '/dashboard?ms=300' })).toBeUndefined();
      expect(renderer.running()).toBe(true);
      expect((await renderer.render(job))?.html).toBe(drawnBy);
      // A drawing that never ends: once past stuckMs, a new worker draws the pages.
      expect(await renderer.render({ ...job, url: '/dashboard?stuck' })).toBeUndefined();
      expect((await renderer.render(job))?.html).toBe(drawnBy);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const after = await renderer.render(job);
      expect(after?.html).toBeTruthy();
      expect(after?.html).not.toBe(drawnBy);
    } finally {
      await renderer.close();
    }
  });
});
