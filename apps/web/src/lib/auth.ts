/**
 * Browser-side session storage. The keys are the spec's (section 3, "Local browser storage keys"):
 * `authToken` (owner), `adminToken` (admin), `userData` and `phone`. Route guards only check that a
 * token is present (spec section 2); the server checks it on every call, and a 401 ends the session
 * (see `session.ts`).
 */

/** Who a session belongs to: a business owner or an admin. */
export type TSessionArea = 'owner' | 'admin';

export const STORAGE_KEYS = {
  authToken: 'authToken',
  adminToken: 'adminToken',
  userData: 'userData',
  phone: 'phone',
} as const;

const TOKEN_KEYS = {
  owner: STORAGE_KEYS.authToken,
  admin: STORAGE_KEYS.adminToken,
} as const satisfies Record<TSessionArea, string>;

/** Where each kind of session signs in. */
export const SIGN_IN_PATHS = {
  owner: '/login',
  admin: '/admin-login',
} as const satisfies Record<TSessionArea, string>;

/** Where each kind of session lands after signing in. */
export const HOME_PATHS = {
  owner: '/dashboard',
  admin: '/admin-dashboard',
} as const satisfies Record<TSessionArea, string>;

/** localStorage, or undefined where the browser refuses it (storage disabled, some private modes). */
function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function read(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Quota exceeded or storage blocked: the session then lasts as long as the page.
  }
}

function remove(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}

export function getToken(area: TSessionArea): string | null {
  const token = read(TOKEN_KEYS[area]);
  return token ? token : null;
}

export function hasToken(area: TSessionArea): boolean {
  return getToken(area) !== null;
}

export function setToken(area: TSessionArea, token: string): void {
  write(TOKEN_KEYS[area], token);
}

/**
 * Forgets a session on this browser: the area's token and, for owners, the cached `userData`.
 * The remembered `phone` stays so the sign-in form can offer it again.
 */
export function clearSession(area: TSessionArea): void {
  remove(TOKEN_KEYS[area]);
  if (area === 'owner') remove(STORAGE_KEYS.userData);
}

/** The owner's cached profile (`userData`), or undefined when missing or unreadable. */
export function getUserData<T>(): T | undefined {
  const raw = read(STORAGE_KEYS.userData);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}

export function setUserData(value: unknown): void {
  write(STORAGE_KEYS.userData, JSON.stringify(value));
}

/** The phone number the owner last signed in with. */
export function getStoredPhone(): string | null {
  return read(STORAGE_KEYS.phone);
}

export function setStoredPhone(phone: string): void {
  write(STORAGE_KEYS.phone, phone);
}

/** Which token a tRPC procedure needs: `admin.*` takes the admin token, everything else the owner's. */
export function areaForProcedure(path: string): TSessionArea {
  return path === 'admin' || path.startsWith('admin.') ? 'admin' : 'owner';
}

/**
 * Procedures whose 401 is an answer, not an expired session: a wrong password on sign-in must show
 * its message, and a logout with a dead token has nothing left to end.
 */
export const SESSION_EXEMPT_PROCEDURES: ReadonlySet<string> = new Set([
  'owner.login',
  'owner.logout',
  'admin.auth.login',
  'admin.auth.verifyTotp',
  'admin.auth.enrolTotp',
  'admin.auth.logout',
]);
