import { describe, expect, it } from 'vitest';
import { isPhone, readerTimeZone } from './owner-page.service.ts';

describe('what the dashboard is drawn for', () => {
  it('a phone: as the device last showed, else its client hint, else its user agent', () => {
    expect(isPhone({ cookie: 'starloop_owner_layout=phone', 'sec-ch-ua-mobile': '?0' })).toBe(true);
    expect(isPhone({ cookie: 'starloop_owner_layout=wide', 'user-agent': 'Android Mobile' })).toBe(false);
    expect(isPhone({ 'sec-ch-ua-mobile': '?1' })).toBe(true);
    expect(isPhone({ 'sec-ch-ua-mobile': '?0', 'user-agent': 'Android Mobile' })).toBe(false);
    expect(isPhone({ 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile Safari' })).toBe(true);
    expect(isPhone({ 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' })).toBe(false);
    expect(isPhone({ cookie: 'starloop_owner_layout=tablet' })).toBe(false);
  });

  it("the device's time zone, only a real one", () => {
    expect(readerTimeZone({ cookie: 'starloop_owner_tz=Asia%2FKolkata' })).toBe('Asia/Kolkata');
    expect(readerTimeZone({ cookie: 'starloop_owner_tz=Not%2FA_Zone' })).toBeUndefined();
    expect(readerTimeZone({ cookie: `starloop_owner_tz=${'A'.repeat(80)}` })).toBeUndefined();
    expect(readerTimeZone({})).toBeUndefined();
  });
});
