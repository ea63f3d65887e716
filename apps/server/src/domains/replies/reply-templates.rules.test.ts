import { DEFAULT_REPLY_TEMPLATES, REPLY_PLACEHOLDERS, SENTIMENT_LABELS } from '@starloop/contract';
import { describe, expect, it } from 'vitest';
import {
  containsLink,
  customerNameFromContact,
  emailFromContact,
  firstLineOf,
  renderReply,
  replyValuesFor,
  unknownPlaceholder,
} from './reply-templates.rules.ts';

describe('reply templates', () => {
  it('fills every placeholder', () => {
    const text = renderReply(
      'Dear {customerName}, {businessName} thanks you for {rating} stars: "{firstLine}"',
      {
        customerName: 'Priya Sharma',
        businessName: 'Sharma Sweets',
        rating: 4,
        firstLine: 'Loved the jalebi.',
      },
    );
    expect(text).toBe('Dear Priya Sharma, Sharma Sweets thanks you for 4 stars: "Loved the jalebi."');
  });

  it('uses "valued customer", or "there" after a greeting, when there is no name', () => {
    const values = { customerName: undefined, businessName: 'B', rating: 2, firstLine: '' };
    expect(renderReply('Dear {customerName},', values)).toBe('Dear valued customer,');
    expect(renderReply('Hi {customerName},', values)).toBe('Hi there,');
    expect(renderReply('Hello, {customerName}!', values)).toBe('Hello, there!');
  });

  it('renders every default template with no placeholder left over', () => {
    const values = replyValuesFor(
      { rating: 2, message: 'Food was cold. Staff was rude.', customerContact: 'anita.verma@example.com' },
      'Cafe Madras',
    );
    for (const sentiment of SENTIMENT_LABELS) {
      const text = renderReply(DEFAULT_REPLY_TEMPLATES[sentiment], values);
      expect(text).not.toMatch(/\{\w+\}/);
      expect(text).toContain('Dear Anita Verma,');
      expect(text).toContain('Team Cafe Madras');
    }
    expect(renderReply(DEFAULT_REPLY_TEMPLATES.positive, values)).toContain('Thank you');
    expect(renderReply(DEFAULT_REPLY_TEMPLATES.negative, values)).toContain('sorry');
    expect(renderReply(DEFAULT_REPLY_TEMPLATES.negative, values)).toContain('("Food was cold.")');
    for (const { key } of REPLY_PLACEHOLDERS) {
      expect(unknownPlaceholder(`{${key}}`)).toBeUndefined();
    }
  });

  it('names unknown placeholders', () => {
    expect(unknownPlaceholder('Hi {name}, thanks')).toBe('name');
    expect(unknownPlaceholder('Hi {customerName}')).toBeUndefined();
  });

  it('takes the first sentence, trimmed to about 80 characters at a word', () => {
    expect(firstLineOf('  Great food!  Slow service though. ')).toBe('Great food!');
    expect(firstLineOf('Line one\nline two')).toBe('Line one');
    expect(firstLineOf('खाना बहुत अच्छा था। सेवा धीमी थी।')).toBe('खाना बहुत अच्छा था।');
    const long =
      'The biryani was absolutely wonderful and the raita was fresh and the staff were kind and quick';
    const first = firstLineOf(long);
    expect(first.length).toBeLessThanOrEqual(81);
    expect(first.endsWith('…')).toBe(true);
    expect(long.startsWith(first.slice(0, -1))).toBe(true);
    expect(firstLineOf('')).toBe('');
  });

  it('finds a name and an email in the contact field only when they look like one', () => {
    expect(customerNameFromContact('Priya Sharma, 9876543210')).toBe('Priya Sharma');
    expect(customerNameFromContact('rahul.verma92@gmail.com')).toBe('Rahul Verma');
    expect(customerNameFromContact('9876543210')).toBeUndefined();
    expect(customerNameFromContact('info@cafe.in')).toBeUndefined();
    expect(customerNameFromContact('x1@y.in')).toBeUndefined();
    expect(customerNameFromContact(null)).toBeUndefined();
    expect(emailFromContact('Call me on 98765 43210 or mail Priya@Example.com.')).toBe('priya@example.com');
    expect(emailFromContact('9876543210')).toBeUndefined();
  });

  it('tells link-like customer text apart, erring on the side of a link', () => {
    for (const text of [
      'Visit https://win.example/prize now',
      'see www.cheap-pills.test',
      'free money at bit.ly/abc',
      'evil.com',
      'mail me: mailto:someone',
      'go to 203.0.113.7/x',
      'food was cold.Service slow', // not a link, but it looks like one: left unquoted
    ]) {
      expect(containsLink(text), text).toBe(true);
    }
    for (const text of [
      'Great food, e.g. the dosa!',
      'Rs.500 for a thali',
      '4.5 stars, ok.',
      'खाना ठंडा था।',
    ]) {
      expect(containsLink(text), text).toBe(false);
    }
  });

  it('quotes none of a message (or contact) that has a link, and drops the empty quotes', () => {
    const values = replyValuesFor(
      {
        rating: 2,
        message: 'Bad food. Claim your refund at https://phish.example/pay',
        customerContact: 'a@b.in',
      },
      'Chai Point',
    );
    expect(values.firstLine).toBe('');
    for (const sentiment of SENTIMENT_LABELS) {
      const text = renderReply(DEFAULT_REPLY_TEMPLATES[sentiment], values);
      expect(text).not.toMatch(/phish|https?:|""|\(\)/);
    }
    expect(renderReply('We noted your comments ("{firstLine}") and thank you.', values)).toBe(
      'We noted your comments and thank you.',
    );
    expect(renderReply('You said "{firstLine}". Thanks!', values)).toBe('You said. Thanks!');
    expect(
      replyValuesFor({ rating: 2, message: 'Cold tea', customerContact: 'Visit evil.com John' }, 'B')
        .customerName,
    ).toBeUndefined();
    expect(
      replyValuesFor(
        { rating: 2, message: 'Cold tea', customerContact: 'Priya Sharma priya@gmail.com' },
        'B',
      ),
    ).toMatchObject({ customerName: 'Priya Sharma', firstLine: 'Cold tea' });
  });
});
