import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '@starloop/config';
import { DEFAULT_REPLY_TEMPLATES } from '@starloop/contract';
import { findReviewById, insertOwner, insertReview, markReplyPending, type TDbHandle } from '@starloop/db';
import { createTestDb, testDriverName } from '@starloop/db/testing';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../mail/mailer.ts';
import { rewriteWithLlm } from './llm.client.ts';
import { processReplyJob, type TReplyDeps } from './reply.worker.ts';

type TMode = 'ok' | 'error' | 'hang';

describe(`LLM rewrite against a fake OpenAI-compatible server (${testDriverName()})`, () => {
  let fake: Server;
  let url: string;
  let mode: TMode = 'ok';
  const requests: { path: string; auth: string | undefined; body: { model: string; messages: unknown[] } }[] =
    [];
  let database: TDbHandle;
  const log = Fastify({ logger: false }).log;

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c) => {
        data += c;
      });
      req.on('end', () => resolve(data));
    });

  beforeAll(async () => {
    fake = createServer(async (req, res) => {
      const body = JSON.parse(await readBody(req));
      requests.push({ path: req.url ?? '', auth: req.headers.authorization, body });
      if (mode === 'hang') return; // never answers
      if (mode === 'error') {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          choices: [{ message: { role: 'assistant', content: 'Rewritten reply from the LLM.' } }],
        }),
      );
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
    database = await createTestDb();
  });
  afterAll(async () => {
    fake?.closeAllConnections();
    await new Promise((resolve) => fake?.close(resolve));
    await database?.close();
  });

  const llm = () => ({ url, key: 'sk-test-secret', model: 'test-model' });
  const input = {
    draft: 'Dear Priya, thank you!',
    message: 'Great food',
    rating: 5,
    sentiment: 'positive' as const,
    businessName: 'Cafe',
  };

  it('returns the rewritten text and sends the key, the model and both texts', async () => {
    mode = 'ok';
    requests.length = 0;
    expect(await rewriteWithLlm(llm(), input)).toBe('Rewritten reply from the LLM.');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.path).toBe('/v1/chat/completions');
    expect(requests[0]!.auth).toBe('Bearer sk-test-secret');
    expect(requests[0]!.body.model).toBe('test-model');
    expect(JSON.stringify(requests[0]!.body.messages)).toContain('Dear Priya, thank you!');
    expect(JSON.stringify(requests[0]!.body.messages)).toContain('Great food');
  });

  it('falls back (undefined) on a 500', async () => {
    mode = 'error';
    expect(await rewriteWithLlm(llm(), input)).toBeUndefined();
  });

  it('falls back (undefined) when the endpoint hangs, after the timeout', async () => {
    mode = 'hang';
    const started = Date.now();
    expect(await rewriteWithLlm(llm(), input, { timeoutMs: 300 })).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('does nothing when no endpoint is configured', async () => {
    requests.length = 0;
    expect(await rewriteWithLlm({ url: undefined, key: undefined, model: 'x' }, input)).toBeUndefined();
    expect(await rewriteWithLlm({ url, key: undefined, model: 'x' }, input)).toBeUndefined();
    expect(requests).toHaveLength(0);
  });

  it('the reply job stores the LLM text, or the template reply when the LLM fails', async () => {
    const config = loadConfig({
      DATA_DIR: '/tmp/starloop-llm-test',
      TOKEN_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      LLM_API_URL: url,
      LLM_API_KEY: 'sk-test-secret',
    });
    const deps: TReplyDeps = {
      config,
      db: database.db,
      log,
      now: () => new Date(),
      mailer: createMailer({ db: database.db, smtpUrl: undefined, from: config.mail.from, log }),
    };
    const owner = await insertOwner(database.db, {
      name: 'Owner',
      businessName: 'Cafe Madras',
      contactNumber: '9811111111',
      code: 'cafe-madras-llm',
      registrationSource: 'website',
      status: 'active',
      plan: 'professional',
    });
    const review = async (message: string) => {
      const row = await insertReview(database.db, {
        ownerId: owner.id,
        rating: 5,
        message,
        sentimentLabel: 'positive',
      });
      await markReplyPending(database.db, row.id);
      return row.id;
    };

    mode = 'ok';
    const first = await review('Lovely dosa');
    expect(await processReplyJob(deps, { reviewId: first }, { id: 'job-llm-1', retryCount: 0 })).toBe(
      'drafted',
    );
    expect((await findReviewById(database.db, first))?.replyText).toBe('Rewritten reply from the LLM.');

    mode = 'error';
    const second = await review('Lovely idli');
    expect(await processReplyJob(deps, { reviewId: second }, { id: 'job-llm-2', retryCount: 0 })).toBe(
      'drafted',
    );
    const fallback = (await findReviewById(database.db, second))?.replyText;
    expect(fallback).toBe(
      DEFAULT_REPLY_TEMPLATES.positive
        .replace('{customerName}', 'valued customer')
        .replace('{rating}', '5')
        .replaceAll('{businessName}', 'Cafe Madras'),
    );
  });
});
