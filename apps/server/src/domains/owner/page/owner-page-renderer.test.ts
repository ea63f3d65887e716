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

const dir = mkdtempSync(path.join(tmpdir(), 'owner-page-renderer-'));
const workerFile = path.join(dir, 'worker.mjs');
writeFileSync(workerFile, FIXTURE_WORKER);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const job = { url: '/dashboard', phone: true, token: 'secret', ip: '127.0.0.1' };
const until = async (check: () => boolean) => {
  for (let tries = 0; !check() && tries < 100; tries += 1) await new Promise((r) => setTimeout(r, 20));
  return check();
};

const newRenderer = (options: { idleMs?: number; startWaitMs?: number }) =>
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
});
