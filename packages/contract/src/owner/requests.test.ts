import { describe, expect, it } from 'vitest';
import { REQUEST_TEXTS, ZRequestSettingsUpdate } from './requests.ts';

describe('ZRequestSettingsUpdate', () => {
  it('says the allowed days for a number out of range or a fraction of a day', () => {
    for (const intervalDays of [29, 366, 45.5]) {
      const result = ZRequestSettingsUpdate.safeParse({ intervalDays });
      expect(result.success, String(intervalDays)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(REQUEST_TEXTS.intervalDays);
    }
    expect(ZRequestSettingsUpdate.parse({ intervalDays: 45 })).toEqual({ intervalDays: 45 });
  });
});
