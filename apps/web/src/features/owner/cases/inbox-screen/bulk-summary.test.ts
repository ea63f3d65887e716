import { describe, expect, it } from 'vitest';
import hi from '../../../../lib/owner-i18n/hi.json';
import { bulkSummary } from './bulk-summary.ts';

describe('bulkSummary', () => {
  it('counts what was done', () => {
    expect(bulkSummary({ results: [{ id: 1, ok: true, message: null }], updated: 1 }, 'Assigned')).toEqual({
      ok: true,
      message: 'Assigned 1 case.',
    });
  });

  it('names each refusal with its case and the server’s words', () => {
    const answer = {
      results: [
        { id: 1, ok: true, message: null },
        { id: 2, ok: false, message: 'Case not found' },
        { id: 3, ok: false, message: 'The assignee must be a team member with access to this branch.' },
      ],
      updated: 1,
    };
    expect(bulkSummary(answer, 'Assigned')).toEqual({
      ok: false,
      message:
        'Assigned 1 case of 3. Case 2: Case not found Case 3: The assignee must be a team member with access to this branch.',
    });
  });

  it("counts by the language's plural rules, in the person's words", () => {
    const three = { results: [1, 2, 3].map((id) => ({ id, ok: true, message: null })), updated: 3 };
    expect(bulkSummary(three, 'Resolved').message).toBe('Resolved 3 cases.');
    expect(bulkSummary(three, hi.inbox.resolved, 'hi', hi.inboxTools.summary).message).toBe('सुलझ गया: 3 केस।');
    const refused = {
      results: [
        { id: 1, ok: true, message: null },
        { id: 2, ok: false, message: null },
      ],
      updated: 1,
    };
    expect(bulkSummary(refused, hi.inbox.assigned, 'hi', hi.inboxTools.summary)).toEqual({
      ok: false,
      message: 'सौंप दिया गया: 2 में से 1 केस। केस 2: नहीं बदला',
    });
  });
});
