/**
 * The owner area's English texts (issue 34 item 6): the source catalog. Where a text is the spec's,
 * it is the spec's exactly. Every other language is a JSON file with the same keys and the same
 * {placeholders} (`owner-catalogs.test.ts` fails on a missing or extra key).
 */
export const en = {
  language: {
    label: 'Language',
    english: 'English',
    hindi: 'हिन्दी',
  },
  nav: {
    area: 'Business dashboard',
    dashboard: 'Dashboard',
    inbox: 'Inbox',
    profile: 'Profile',
    requests: 'Requests',
    plan: 'Plan',
    settings: 'Settings',
    openCases: '{n} open',
    more: 'More',
    logout: 'Logout',
    loggingOut: 'Logging out...',
  },
  needsYou: {
    title: 'Needs you now',
    none: 'Nothing waiting: no open low ratings.',
    all: 'Open the inbox',
    overdue: 'Overdue',
  },
  titles: {
    hi: 'Hi, {name}',
    dashboard: 'Dashboard',
    profile: 'Business Profile',
    plan: 'Subscription Plan',
    settings: 'Settings',
    branches: 'All branches',
    inbox: 'Feedback inbox',
    requests: 'Review Requests',
  },
  cases: {
    status: {
      new: 'New',
      in_progress: 'In progress',
      resolved: 'Resolved',
      reopened: 'Reopened',
    },
    outcome: {
      recovered: 'Recovered',
      not_recovered: 'Not recovered',
      no_reply: 'No reply',
    },
    channel: {
      qr: 'Review page (QR)',
      request: 'Review request',
      google: 'Google',
    },
  },
} as const;

type TWiden<T> = { -readonly [K in keyof T]: T[K] extends string ? string : TWiden<T[K]> };

/** The shape every catalog has: the English one's keys, any wording. */
export type TOwnerMessages = TWiden<typeof en>;
