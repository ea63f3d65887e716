import { CASE_EVENT_KINDS } from '@starloop/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import hi from '../../../../lib/owner-i18n/hi.json';
import { renderWithMantine } from '../../../../test/render-mantine.tsx';
import { renderOwner } from '../../test/owner-test-utils.tsx';
import {
  accountAnswer,
  assigneesAnswer,
  caseDetail,
  caseEvent,
  casesAnswer,
  kase,
} from '../test/case-fixtures.ts';
import { CaseTimeline, describeEvent } from './case-timeline.tsx';

const names = (id: number) => (id === 33 ? 'Sita Staff' : 'someone');
const by = { actorId: 31, actorName: 'Asha Rao' };

/** One event of every kind, as the server answers them. */
const EVENTS = [
  caseEvent(1),
  caseEvent(2, { ...by, kind: 'status', fromStatus: 'new', toStatus: 'in_progress' }),
  caseEvent(3, { ...by, kind: 'assigned', assigneeId: 33 }),
  caseEvent(4, { actorId: null, kind: 'assigned', assigneeId: null }),
  caseEvent(5, {
    ...by,
    kind: 'status',
    fromStatus: 'in_progress',
    toStatus: 'resolved',
    outcome: 'no_reply',
  }),
  caseEvent(6, { ...by, kind: 'outcome', outcome: 'recovered' }),
  caseEvent(7, { ...by, kind: 'note', text: 'Spoke to the manager' }),
  caseEvent(8, {
    ...by,
    kind: 'message_out',
    channel: 'whatsapp',
    delivery: 'read',
    messageKind: 'reply',
    text: 'We are sorry',
  }),
  caseEvent(9, { kind: 'message_in', channel: 'whatsapp', delivery: 'received', text: 'Thank you' }),
  caseEvent(10, {
    ...by,
    kind: 'message_out',
    channel: 'sms',
    delivery: 'failed',
    messageKind: 'invitation',
  }),
  caseEvent(11, { kind: 'consent_withdrawn', channel: 'sms' }),
];

describe('CaseTimeline', () => {
  it('words every kind of event', () => {
    expect(new Set(EVENTS.map((e) => e.kind))).toEqual(new Set(CASE_EVENT_KINDS));
    expect(EVENTS.map((e) => describeEvent(e, names))).toEqual([
      'Case opened from the review',
      'Asha Rao moved it from new to in progress',
      'Asha Rao assigned it to Sita Staff',
      'An integration (API key) unassigned it',
      'Asha Rao moved it from in progress to resolved (no reply)',
      'Asha Rao changed the outcome to recovered',
      'Asha Rao added a note',
      'Asha Rao replied by WhatsApp',
      'The customer answered by WhatsApp',
      'Asha Rao sent the invitation to share the experience publicly by SMS',
      'The customer asked not to be contacted again (SMS)',
    ]);
  });

  it('lists them oldest first with their texts and delivery', () => {
    renderWithMantine(<CaseTimeline events={EVENTS} personName={names} />);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(EVENTS.length);
    expect(items[6]).toHaveTextContent('Spoke to the manager');
    expect(items[7]).toHaveTextContent('We are sorry');
    expect(items[7]).toHaveTextContent('read');
    expect(items[8]).toHaveTextContent('Thank you');
    expect(items[9]).toHaveTextContent('failed');
  });
});

describe('CaseTimeline in Hindi', () => {
  it('words every kind of event from the Hindi catalog, names and channels filled in', () => {
    expect(EVENTS.map((e) => describeEvent(e, names, hi.timeline))).toEqual([
      'रिव्यू से केस खुला',
      'Asha Rao ने स्थिति नया से बदलकर काम जारी की',
      'Asha Rao ने इसे Sita Staff को सौंपा',
      'एक इंटीग्रेशन (API की) ने इसे किसी को नहीं सौंपा',
      'Asha Rao ने स्थिति काम जारी से बदलकर सुलझ गया की (कोई जवाब नहीं)',
      'Asha Rao ने नतीजा बदलकर ग्राहक संतुष्ट किया',
      'Asha Rao ने नोट जोड़ा',
      'Asha Rao ने WhatsApp से जवाब दिया',
      'ग्राहक ने WhatsApp से जवाब दिया',
      'Asha Rao ने अनुभव सबके साथ साझा करने का निमंत्रण SMS से भेजा',
      'ग्राहक ने दोबारा संपर्क न करने को कहा (SMS)',
    ]);
  });

  it("reads in the person's chosen language in the case drawer", async () => {
    window.localStorage.removeItem('starloopOwnerLang');
    await renderOwner(
      '/dashboard/inbox?case=12',
      {
        'owner.language.get': () => ({ language: 'hi' }),
        'owner.account.get': () => accountAnswer,
        'owner.cases.assignees': () => assigneesAnswer,
        'owner.cases.list': () => casesAnswer([kase(12)]),
        'owner.cases.get': () => caseDetail(12, { timeline: EVENTS.slice(0, 3) }),
        'owner.cases.replyTemplates': () => ({ templates: [] }),
      },
      'फ़ीडबैक इनबॉक्स',
    );
    const drawer = within(await screen.findByRole('dialog', { name: 'केस 12' }));
    expect(await drawer.findByText('Asha Rao ने इसे Sita Staff को सौंपा')).toBeInTheDocument();
    expect(drawer.getByText('रिव्यू से केस खुला')).toBeInTheDocument();
    expect(drawer.getByRole('textbox', { name: 'ग्राहक के लिए संदेश' })).toBeInTheDocument();
    window.localStorage.removeItem('starloopOwnerLang');
  });
});
