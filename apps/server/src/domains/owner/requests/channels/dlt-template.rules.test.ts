import { describe, expect, it } from 'vitest';
import { isStopReply } from './channel-events.service.ts';
import { countVariables, linkRemainder, parseVariables, renderDltMessage } from './dlt-template.rules.ts';
import { parseGupshupAnswer } from './sms.channel.ts';
import { gupshupPhone, parseGupshupReportBatch, parseGupshupReportQuery } from './sms.webhook.ts';

const LINK = 'https://starloop.in/r/Ab12Cd34Ef';
const SHORT = 'https://sl.in/r/Ab12Cd34Ef';
const values = { customerName: 'Priya', businessName: 'Chai Point', link: LINK };
const short = { ...values, link: SHORT };

describe('DLT templates', () => {
  it('fills each {#var#} in order and matches the registered text', () => {
    const rendered = renderDltMessage(
      'Hi {#var#}, rate {#var#}: {#var#}',
      ['customerName', 'businessName', 'link'],
      short,
    );
    expect(rendered).toEqual({ ok: true, text: `Hi Priya, rate Chai Point: ${SHORT}`, unicode: false });
  });

  it("puts only the link's remainder in a variable when the template spells its start out", () => {
    expect(linkRemainder('Rate us: https://starloop.in/r/', LINK)).toBe('Ab12Cd34Ef');
    expect(linkRemainder('Rate us: ', LINK)).toBe(LINK);
    const rendered = renderDltMessage('Rate us: https://starloop.in/r/{#var#}', ['link'], values);
    expect(rendered).toMatchObject({ ok: true, text: `Rate us: ${LINK}` });
  });

  it('refuses what DLT scrubbing would reject, before sending', () => {
    expect(renderDltMessage('Hi {#var#}', ['customerName', 'link'], values).ok).toBe(false);
    expect(renderDltMessage('Hi {#var#}', ['customerName'], values).ok).toBe(false);
    const long = renderDltMessage('Rate: {#var#}', ['link'], {
      ...values,
      link: 'https://reviews.example.co.in/r/Ab12Cd34Ef',
    });
    expect(long).toMatchObject({ ok: false, error: expect.stringContaining('30 characters') });
  });

  it('keeps a variable on one line of at most 30 characters, and sends non-ASCII as Unicode', () => {
    const rendered = renderDltMessage('Hi {#var#}: {#var#}', ['customerName', 'link'], {
      ...short,
      customerName: 'Line\none\ttwo                                              long name',
    });
    expect(rendered.ok && rendered.text.split(':')[0]).toBe('Hi Line one two long name');
    expect(renderDltMessage('नमस्ते {#var#}: {#var#}', ['customerName', 'link'], short)).toMatchObject({
      unicode: true,
    });
    expect(countVariables('a {#var#} b {#var#}')).toBe(2);
    expect(parseVariables('customerName, link,bogus')).toEqual(['customerName', 'link']);
  });
});

describe('STOP replies', () => {
  it('takes clear opt-outs only', () => {
    for (const text of ['STOP', 'stop', 'Stop.', 'STOP ALL', 'unsubscribe', 'Opt out', 'बंद', 'STOP please']) {
      expect(isStopReply(text), text).toBe(true);
    }
    for (const text of ['', 'Thanks!', "Don't stop", 'Please call me', undefined, 'cancel my order']) {
      expect(isStopReply(text), String(text)).toBe(false);
    }
  });
});

describe('Gupshup answers and reports', () => {
  it('reads both answer formats', () => {
    expect(parseGupshupAnswer('success | 919812345678 | 3562707498794989059-328736121207676738')).toEqual({
      status: 'success',
      id: '3562707498794989059-328736121207676738',
    });
    expect(parseGupshupAnswer('error | 105 | Authentication failed')).toEqual({
      status: 'error',
      code: '105',
      details: 'Authentication failed',
    });
    expect(
      parseGupshupAnswer('{"response":{"id":"42-1","phone":"91","details":"","status":"success"}}'),
    ).toEqual({
      status: 'success',
      id: '42-1',
    });
    expect(parseGupshupAnswer('<html>')).toBeUndefined();
  });

  it('reads delivery reports of both forms and Indian numbers', () => {
    const now = new Date('2026-11-25T00:00:00Z');
    expect(
      parseGupshupReportQuery(
        {
          externalId: 'x-1',
          status: 'FAILURE',
          cause: 'UNKNOWN_SUBSCRIBER',
          errCode: '003',
          phoneNo: '919812345678',
          deliveredTS: '1764000000000',
        },
        now,
      ),
    ).toEqual({
      externalId: 'x-1',
      status: 'failed',
      at: new Date(1_764_000_000_000),
      phoneE164: '+919812345678',
      error: 'Gupshup 003 UNKNOWN_SUBSCRIBER',
    });
    expect(parseGupshupReportQuery({ status: 'SUCCESS' }, now)).toBeUndefined();
    expect(
      parseGupshupReportBatch(
        [{ externalId: 'a', eventType: 'DELIVERED', destAddr: 919812345678 }, 'junk'],
        now,
      ),
    ).toEqual([
      { externalId: 'a', status: 'delivered', at: now, phoneE164: '+919812345678', error: undefined },
    ]);
    expect(parseGupshupReportBatch({ nope: true }, now)).toEqual([]);
    expect(gupshupPhone('9812345678')).toBe('+919812345678');
    expect(gupshupPhone('12')).toBeUndefined();
  });
});
