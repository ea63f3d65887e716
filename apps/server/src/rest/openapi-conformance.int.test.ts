import { insertAgent, insertLead } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '../test/admin-api.ts';
import { documentedAnswers } from '../test/openapi-answers.ts';
import { documentedRequest, type TExampleMode } from '../test/openapi-examples.ts';
import { createTestAdmin, createTestOwner } from '../test/test-server.ts';
import type { TOpenApiDocument } from './openapi.ts';

/*
 * The OpenAPI document against the running server: it serves the document the answer checker of
 * every int test uses (test-server.ts), a client that sends only what the document asks (no id in
 * a body when the path has it) is served, and requests built from the document alone are answered
 * with a 2xx whose body matches the document (checked on the way back by the test server).
 */

describe(`requests made from the OpenAPI document on ${testDriverName()}`, () => {
  const api = adminApi({ role: 'super_admin' });
  let served: TOpenApiDocument;

  beforeAll(async () => {
    const res = await api.server.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    served = res.json();
  });

  it('serves the document every test checks the answers against', () => {
    const { document } = documentedAnswers();
    expect(served.paths).toEqual(document.paths);
    expect(served.components).toEqual(document.components);
  });

  it('PUT /api/admin/admins/{id} changes the admin of the path, whatever the body says of an id', async () => {
    const other = await createTestAdmin(api.server, { role: 'admin' });
    const third = await createTestAdmin(api.server, { role: 'admin' });
    const res = await api.send('PUT', `/api/admin/admins/${other.id}`, { status: 'disabled' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().admin).toMatchObject({ id: other.id, status: 'disabled' });
    // A client made from the old document sent the id in the body too: the path's id still wins.
    const stray = await api.send('PUT', `/api/admin/admins/${other.id}`, { id: third.id, status: 'active' });
    expect(stray.statusCode, stray.body).toBe(200);
    expect(stray.json().admin).toMatchObject({ id: other.id, status: 'active' });
    const untouched = await api.db
      .selectFrom('admins')
      .select('status')
      .where('id', '=', third.id)
      .executeTakeFirstOrThrow();
    expect(untouched.status).toBe('active');
  });

  it('answers requests built from the document alone with a documented 2xx', async () => {
    const owner = await createTestOwner(api.server);
    const agent = await insertAgent(api.db, {
      code: 'AG-DOC',
      name: 'Doc Agent',
      email: 'doc.agent@example.in',
      phone: '9811111111',
    });
    const lead = await insertLead(api.db, {
      name: 'Doc Lead',
      email: 'doc.lead@example.in',
      contactNumber: '9822222222',
      bussiness: '',
      subject: 'demo',
      message: 'A lead to edit.',
      source: 'website',
      status: 'new',
    });
    const admin = await createTestAdmin(api.server, { role: 'admin' });
    /** The record each path's id names (the document's example id would name nothing). */
    const ids: Record<string, number> = {
      '/api/admin/users/{id}': owner.id,
      '/api/admin/agents/{id}': agent.id,
      '/api/admin/leads/{id}': lead.id,
      '/api/admin/admins/{id}': admin.id,
    };
    // A new agent's phone and email are unique: another than the one the PUT gives the edited agent.
    const otherAgent = { phone: '9833333333', email: 'other.agent@example.in' };
    const cases: [string, TExampleMode, Record<string, unknown>?][] = [
      ['GET /api/admin/users', 'all'],
      ['GET /api/admin/agents', 'all'],
      ['GET /api/admin/leads', 'all'],
      ['GET /api/admin/reviews', 'all'],
      ['GET /api/admin/payments', 'all'],
      ['GET /api/admin/manual-payments', 'all'],
      ['GET /api/admin/activity', 'all'],
      ['GET /api/admin/audit', 'all'],
      ['GET /api/users/code-available/{code}', 'required'],
      ['POST /api/admin/agents', 'required', otherAgent],
      ['PUT /api/admin/agents/{id}', 'required'],
      ['PUT /api/admin/leads/{id}', 'required'],
      ['PUT /api/admin/users/{id}', 'required'],
      ['PUT /api/admin/admins/{id}', 'required'],
      ['PUT /api/admin/admins/{id}', 'all'],
      ['POST /api/lead', 'required'],
    ];
    const refused: string[] = [];
    const checkedBefore = documentedAnswers().checked;
    for (const [id, mode, other] of cases) {
      const { request, problems } = documentedRequest(served, documentedAnswers(), id, mode);
      if (other) Object.assign(request.body as object, other);
      refused.push(...problems);
      const [method, template] = id.split(' ') as [string, string];
      const path = template.replace(/\{(\w+)\}/g, (_, name: string) =>
        encodeURIComponent(name === 'id' && ids[template] ? String(ids[template]) : request.params[name]!),
      );
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(request.query)) {
        for (const item of Array.isArray(value) ? value : [value]) query.append(name, String(item));
      }
      const url = query.size > 0 ? `${path}?${query}` : path;
      // Answers that break the document throw here (the test server checks each one).
      const res = await api.send(method as 'GET', url, request.body);
      if (res.statusCode >= 300) {
        refused.push(`${id} (${mode}) ${url} ${JSON.stringify(request.body)}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(refused, refused.join('\n')).toEqual([]);
    expect(documentedAnswers().checked - checkedBefore).toBe(cases.length);
  });
});
