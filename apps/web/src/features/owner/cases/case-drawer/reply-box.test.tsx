import { CASE_MESSAGE_MAX, CASE_SMS_MAX, CASE_TEXTS } from '@starloop/contract';
import { fill as fillIn } from '@starloop/review-page';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fill } from '../../../../test/fill.ts';
import { renderWithMantine } from '../../../../test/render-mantine.tsx';
import { caseDetail, hindiTemplates } from '../test/case-fixtures.ts';
import { messageMax, REPLY_TEXT, ReplyBox } from './reply-box.tsx';

const templates = hindiTemplates.templates as never;

describe('ReplyBox', () => {
  it('sends on the channel picked, then empties the text', async () => {
    const onSend = vi.fn(async () => true);
    const detail = caseDetail(5, {
      reach: [
        { channel: 'whatsapp', available: true, via: 'platform', reason: null },
        { channel: 'email', available: true, via: 'platform', reason: null },
      ],
    });
    renderWithMantine(
      <ReplyBox detail={detail} templates={templates} sending={false} onSend={onSend} textareaId="r" />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Email' }));
    const text = screen.getByRole('textbox', { name: REPLY_TEXT.message });
    await fill(user, text, '  Could we call you today?  ');
    expect(screen.getByText(REPLY_TEXT.counter(28, CASE_MESSAGE_MAX))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: REPLY_TEXT.send }));
    expect(onSend).toHaveBeenCalledWith({
      channel: 'email',
      kind: 'reply',
      text: 'Could we call you today?',
    });
    await waitFor(() => expect(text).toHaveValue(''));
  });

  it('keeps the text when the send was refused', async () => {
    const onSend = vi.fn(async () => false);
    renderWithMantine(
      <ReplyBox
        detail={caseDetail(5)}
        templates={templates}
        sending={false}
        onSend={onSend}
        textareaId="r"
      />,
    );
    const user = userEvent.setup();
    const text = screen.getByRole('textbox', { name: REPLY_TEXT.message });
    await fill(user, text, 'Sorry');
    await user.click(screen.getByRole('button', { name: REPLY_TEXT.send }));
    expect(text).toHaveValue('Sorry');
  });

  it('says there is no contact, and offers nothing to send', () => {
    renderWithMantine(
      <ReplyBox
        detail={caseDetail(5, { contact: null, reach: [] })}
        templates={undefined}
        sending={false}
        onSend={vi.fn()}
        textareaId="r"
      />,
    );
    expect(screen.getByText(CASE_TEXTS.noContact)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('allows a shorter SMS', () => {
    expect(messageMax('sms')).toBeLessThan(messageMax('whatsapp'));
    expect(messageMax('email')).toBe(CASE_MESSAGE_MAX);
  });
});

describe('ReplyBox texts', () => {
  it("says the contract's words where it shows them itself", () => {
    expect(REPLY_TEXT.noContact).toBe(CASE_TEXTS.noContact);
    expect(REPLY_TEXT.noConsent).toBe(CASE_TEXTS.noConsent);
    expect(REPLY_TEXT.consentWithdrawn).toBe(CASE_TEXTS.consentWithdrawn);
    expect(fillIn(REPLY_TEXT.messageTooLong, { max: CASE_MESSAGE_MAX })).toBe(CASE_TEXTS.messageTooLong);
    expect(fillIn(REPLY_TEXT.smsTooLong, { max: CASE_SMS_MAX })).toBe(CASE_TEXTS.smsTooLong);
  });
});
