/*
 * The worker thread in which the server draws the owner's dashboard (owner-page-render.tsx; the
 * server's side is apps/server/src/domains/owner/page/owner-page-renderer.ts). Its own thread, because
 * drawing the app needs a browser's globals (window, document, localStorage), which must not exist
 * in the server's thread. One page at a time: the globals are shared.
 *
 * Messages from the server: { type: 'render', jobId, job, waitMs } and
 * { type: 'answer', fetchId, status, body }. To the server: { type: 'fetch', jobId, fetchId, url,
 * method, body, branch } for each tRPC request of the app (the server answers it as the person),
 * then { type: 'rendered', jobId, page } (page undefined: nothing to draw) or { type: 'failed',
 * jobId, message }.
 */
import { parentPort } from 'node:worker_threads';
import { installBrowserGlobals } from './browser-globals.ts';

const port = parentPort;
if (!port) throw new Error('owner-page-worker runs as a worker thread');

const browserWindow = installBrowserGlobals();
// After the globals: the app's modules may read them as they load.
const { renderOwnerPage } = await import('./owner-page-render.tsx');

type TAnswer = { status: number; body: string };
const waiting = new Map<number, (answer: TAnswer) => void>();
let lastFetchId = 0;

function fetchThroughServer(jobId: number): typeof globalThis.fetch {
  return async (resource, init) => {
    const url = new URL(String(resource instanceof Request ? resource.url : resource), 'http://localhost');
    const fetchId = ++lastFetchId;
    const answer = new Promise<TAnswer>((resolve) => waiting.set(fetchId, resolve));
    port?.postMessage({
      type: 'fetch',
      jobId,
      fetchId,
      url: `${url.pathname}${url.search}`,
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? init.body : null,
      branch: new Headers(init?.headers).get('x-business-id'),
    });
    const { status, body } = await answer;
    return new Response(body, { status, headers: { 'content-type': 'application/json' } });
  };
}

port.on('message', (message) => {
  if (message.type === 'answer') {
    waiting.get(message.fetchId)?.({ status: message.status, body: message.body });
    waiting.delete(message.fetchId);
    return;
  }
  if (message.type !== 'render') return;
  // Strictly one after another: a page drawn while another is still waiting for its answers would
  // share that page's window and storage.
  queue = queue.then(() => render(message.jobId, message.job, message.waitMs));
});

let queue: Promise<void> = Promise.resolve();

async function render(jobId: number, job: Parameters<typeof renderOwnerPage>[0], waitMs: number) {
  try {
    const page = await renderOwnerPage(job, {
      fetch: fetchThroughServer(jobId),
      window: browserWindow,
      waitMs,
    });
    port?.postMessage({ type: 'rendered', jobId, page });
  } catch (error) {
    port?.postMessage({
      type: 'failed',
      jobId,
      message: error instanceof Error ? error.message : String(error),
    });
  }
}
port.postMessage({ type: 'ready' });
