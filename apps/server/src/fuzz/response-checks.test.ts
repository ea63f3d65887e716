import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { responseViolations, type TResponseLike } from './response-checks.ts';

const answer = (status: number, body: unknown, headers: Record<string, string> = {}): TResponseLike => ({
  statusCode: status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  rawPayload: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
});

/** The fuzz's judge must catch real leaks and pass the API's ordinary answers. */
describe('fuzz response checks', () => {
  it('passes clean refusals of both transports', () => {
    expect(
      responseViolations(answer(400, { success: false, message: 'Please select report type' }), 'rest'),
    ).toEqual([]);
    const trpc = {
      error: { message: 'Invalid id', code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 400 } },
    };
    expect(responseViolations(answer(400, trpc), 'trpc')).toEqual([]);
    expect(responseViolations(answer(400, [trpc, { result: { data: 1 } }]), 'trpc')).toEqual([]);
    // Words that only look like SQL.
    const words = { success: true, actions: ['admin.update', 'user.delete'], note: 'select from the list' };
    expect(responseViolations(answer(200, words), 'rest')).toEqual([]);
  });

  it('flags a 5xx, a refusal without a message, and a refusal that is not JSON', () => {
    expect(responseViolations(answer(500, { message: 'x' }), 'rest')).toEqual(['answered 500']);
    expect(responseViolations(answer(400, { success: false, message: ' ' }), 'rest')).toHaveLength(1);
    expect(
      responseViolations(answer(404, '<html>nope</html>', { 'content-type': 'text/html' }), 'rest'),
    ).toHaveLength(1);
    expect(
      responseViolations(
        answer(
          415,
          { error: { message: 'x', data: { code: 'UNSUPPORTED_MEDIA_TYPE', httpStatus: 415 } } },
          {
            'content-type': 'text/plain',
          },
        ),
        'trpc',
      ),
    ).toEqual(['a 415 with content-type text/plain']);
  });

  it('lets a page route refuse a browser with a page, not with an empty one', () => {
    const page = { 'content-type': 'text/html; charset=utf-8' };
    expect(responseViolations(answer(400, '<p>This link is not valid.</p>', page), 'rest', true)).toEqual([]);
    expect(responseViolations(answer(400, '<p></p>', page), 'rest', true)).toHaveLength(1);
  });

  it('finds stacks, paths, SQL, database errors and password hashes, compressed or not', () => {
    const leaks = [
      'Error: boom\n    at listUsers (/work/main/apps/server/src/domains/admin/users/users.service.ts:12:3)',
      'at async Promise.all (index 0) node:internal/process/task_queues:95:5',
      'select "owners"."id", "owners"."name" from "owners" where "id" = $1',
      'insert into "leads" ("name") values ($1)',
      'select count(*) from owners o where o.agent_id = $1',
      'duplicate key value violates unique constraint "owners_code_key"',
      'invalid input syntax for type integer: "3.0"',
      '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
    ];
    for (const leak of leaks) {
      expect(responseViolations(answer(400, { success: false, message: leak }), 'rest'), leak).not.toEqual(
        [],
      );
      const zipped = {
        ...answer(200, { message: leak }),
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        rawPayload: gzipSync(JSON.stringify({ message: leak })),
      };
      expect(responseViolations(zipped, 'rest'), `gzip: ${leak}`).not.toEqual([]);
    }
  });
});
