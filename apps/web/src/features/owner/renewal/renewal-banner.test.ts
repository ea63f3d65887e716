import { describe, expect, it } from 'vitest';
import hi from '../../../lib/owner-i18n/hi-first.json';
import { renewalNotice } from './renewal-banner.tsx';

describe('the renewal countdown', () => {
  const end = '2026-12-10T18:30:00.000Z';
  const at = (iso: string) => renewalNotice(end, new Date(iso));
  it('says nothing while more than 7 days are left, or without an end', () => {
    expect(at('2026-12-02T18:00:00Z')).toBeNull();
    expect(renewalNotice(null)).toBeNull();
  });
  it('counts down the last 7 days, then says when the review page closes', () => {
    expect(at('2026-12-04T18:30:00Z')).toMatchObject({ title: 'Your plan ends in 6 days', color: 'yellow' });
    expect(at('2026-12-10T06:00:00Z')).toMatchObject({ title: 'Your plan ends tomorrow' });
    expect(at('2026-12-11T06:00:00Z')).toMatchObject({ title: 'Your plan has ended', color: 'red' });
    expect(at('2026-12-11T06:00:00Z')?.text).toContain('stays open until');
    expect(at('2026-12-20T06:00:00Z')?.text).toBe('Your review page is closed. Renew to open it again.');
  });
});

describe('the renewal countdown in Hindi', () => {
  it('counts the days left in Hindi', () => {
    const notice = renewalNotice(
      '2026-12-10T18:30:00.000Z',
      new Date('2026-12-04T18:30:00Z'),
      hi.banners.renewal,
      'hi',
    );
    expect(notice?.title).toBe('आपका प्लान 6 दिन में ख़त्म हो रहा है');
    expect(notice?.text).toMatch(/^यह .+ को ख़त्म होगा।/);
  });
});
