import { baseUrl } from './browser.ts';

/** Direct calls to the running server, to set up and check state around a journey. */
export async function api<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

export const DEMO = {
  admin: { email: 'admin@starloop.local', password: 'admin1234' },
  owner: { phone: '9800000001', password: 'demo1234', code: 'chai-point-pune', business: 'Chai Point Pune' },
  essentialOwner: {
    phone: '9800000002',
    password: 'demo1234',
    code: 'spice-garden',
    business: 'Spice Garden',
  },
};

export async function adminToken(): Promise<string> {
  const res = await api<{ token: string }>('POST', '/api/admin/login', DEMO.admin);
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status}`);
  return res.body.token;
}

export async function ownerToken(who = DEMO.owner): Promise<string> {
  const res = await api<{ token: string }>('POST', '/api/users/login', {
    contactNumber: who.phone,
    password: who.password,
  });
  if (res.status !== 200) throw new Error(`owner login failed: ${res.status}`);
  return res.body.token;
}
