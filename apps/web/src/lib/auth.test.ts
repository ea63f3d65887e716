import { describe, expect, it } from 'vitest';
import {
  areaForProcedure,
  clearSession,
  getStoredPhone,
  getToken,
  getUserData,
  hasToken,
  SESSION_EXEMPT_PROCEDURES,
  setStoredPhone,
  setToken,
  setUserData,
} from './auth.ts';

describe('session storage', () => {
  it('uses the spec keys authToken, adminToken, userData and phone', () => {
    setToken('owner', 'o');
    setToken('admin', 'a');
    setUserData({ name: 'Asha' });
    setStoredPhone('9876543210');

    expect(localStorage.getItem('authToken')).toBe('o');
    expect(localStorage.getItem('adminToken')).toBe('a');
    expect(localStorage.getItem('userData')).toBe('{"name":"Asha"}');
    expect(localStorage.getItem('phone')).toBe('9876543210');
    expect(getUserData()).toEqual({ name: 'Asha' });
    expect(getStoredPhone()).toBe('9876543210');
  });

  it('treats an empty token as none', () => {
    localStorage.setItem('authToken', '');
    expect(getToken('owner')).toBeNull();
    expect(hasToken('owner')).toBe(false);
  });

  it('ignores unreadable userData', () => {
    localStorage.setItem('userData', '{not json');
    expect(getUserData()).toBeUndefined();
  });

  it('clearSession forgets only the given area (and the owner profile for owners)', () => {
    setToken('owner', 'o');
    setToken('admin', 'a');
    setUserData({ name: 'Asha' });
    setStoredPhone('9876543210');

    clearSession('admin');
    expect(getToken('admin')).toBeNull();
    expect(getToken('owner')).toBe('o');

    clearSession('owner');
    expect(getToken('owner')).toBeNull();
    expect(getUserData()).toBeUndefined();
    expect(getStoredPhone()).toBe('9876543210');
  });
});

describe('areaForProcedure', () => {
  it('sends admin.* with the admin token and everything else with the owner token', () => {
    expect(areaForProcedure('admin.auth.me')).toBe('admin');
    expect(areaForProcedure('admin.users.list')).toBe('admin');
    expect(areaForProcedure('owner.me')).toBe('owner');
    expect(areaForProcedure('system.info')).toBe('owner');
    expect(areaForProcedure('administration.x')).toBe('owner');
  });

  it('exempts the sign-in and sign-out procedures from the 401 handling', () => {
    expect([...SESSION_EXEMPT_PROCEDURES].sort()).toEqual([
      'admin.auth.enrolTotp',
      'admin.auth.login',
      'admin.auth.logout',
      'admin.auth.verifyTotp',
      'owner.login',
      'owner.logout',
    ]);
  });
});
