import type { TAgentDto } from '@starloop/contract';

/** An agent as admin.agents.list answers it. */
export function agent(overrides: Partial<TAgentDto> = {}): TAgentDto {
  return {
    id: 3,
    code: 'AG1234',
    name: 'Ravi Kumar',
    email: 'ravi@example.com',
    phone: '9123456780',
    status: 'active',
    createdAt: '2026-05-01T09:30:00.000Z',
    updatedAt: '2026-06-01T09:30:00.000Z',
    _count: { users: 14 },
    ...overrides,
  };
}

/** The signed-in admin as admin.auth.me answers it: a super admin, or (`plain`) an admin. */
export const SUPER_ADMIN = {
  id: 1,
  name: 'Meera Super',
  email: 'meera@starloop.in',
  role: 'super_admin',
  status: 'active',
};

/** `SUPER_ADMIN` as a plain admin, with its own id and name. */
export const plainAdmin = (overrides: Partial<typeof SUPER_ADMIN> = {}) => ({
  ...SUPER_ADMIN,
  id: 2,
  name: 'Plain Admin',
  role: 'admin',
  ...overrides,
});
