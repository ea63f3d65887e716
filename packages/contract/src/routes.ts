/** The web app's routes (spec section 2). The server answers 404 for any other page path. */

export const OWNER_SECTIONS = ['profile', 'plan', 'settings'] as const;

export const ADMIN_SECTIONS = [
  'users',
  'reviews',
  'admins',
  'agents',
  'payments',
  'leads',
  'manual-payments',
  'onboard-user',
  'onboard-agent',
] as const;
export type TAdminSection = (typeof ADMIN_SECTIONS)[number];

const STATIC_PAGES = [
  '/',
  '/login',
  '/register',
  '/review',
  '/support',
  '/terms',
  '/privacy-policy',
  '/privacy',
  '/contact',
  '/set-password',
  '/reset-password',
  '/dashboard',
  '/admin-login',
  '/admin-dashboard',
  ...OWNER_SECTIONS.map((s) => `/dashboard/${s}`),
  ...ADMIN_SECTIONS.map((s) => `/admin-dashboard/${s}`),
];
const STATIC_SET = new Set(STATIC_PAGES);
const REVIEW_PAGE = /^\/review\/[^/]+$/;

/** True when the path (without query) is a page of the web app. */
export function isAppRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return STATIC_SET.has(path) || REVIEW_PAGE.test(path);
}
