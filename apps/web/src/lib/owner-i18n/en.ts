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
  filters: {
    status: 'Status',
    assignee: 'Assignee',
    branch: 'Branch',
    rating: 'Rating',
    channel: 'Channel',
    overdue: 'Overdue only',
    clear: 'Clear filters',
    any: 'Any',
    open: 'Open cases',
    all: 'All cases',
    me: 'Assigned to me',
    stars: { one: '{n} star', other: '{n} stars' },
  },
  inbox: {
    count: { one: '{n} case', other: '{n} cases' },
    emptyOpen: 'No open cases. Every unhappy customer has been looked after.',
    emptyAll: 'No cases yet. A case opens for every 1-3 star review.',
    emptyFiltered: 'No cases match these filters.',
    loadFailed: 'Failed to load cases',
    filters: 'Filters',
    mine: 'Mine',
    overdue: 'Overdue',
    filtersTitle: 'Filter cases',
    closeFilters: 'Close filters',
    showCases: 'Show cases',
    formerMember: 'A former team member',
    assigned: 'Assigned',
    resolved: 'Resolved',
  },
  caseList: {
    selectAll: 'Select every case on this page',
    select: 'Select case {id}',
    caseName: 'Case {id}: ',
    noMessage: 'No message',
    unassigned: 'Unassigned',
    overdue: 'Overdue',
  },
  drawer: {
    title: 'Case {id}',
    close: 'Close case',
    loadFailed: 'Could not load this case.',
    start: 'Start working on it',
    reopen: 'Reopen',
    resolve: 'Resolve…',
    assignToMe: 'Assign to me',
    reply: 'Reply',
    note: 'Note',
    assignee: 'Assignee',
    unassigned: 'Unassigned',
    outcome: 'Outcome',
    noteLabel: 'Internal note',
    noteHelp: 'Only your team sees notes.',
    addNote: 'Add note',
    noteAdded: 'Note added.',
    sent: 'Message on its way.',
    invited: 'Invitation on its way.',
    call: 'Call',
    whatsApp: 'WhatsApp',
    consentGiven: 'Agreed to be contacted.',
    consentGivenAt: 'Agreed to be contacted on {at}.',
    overdue: 'Overdue',
  },
  resolve: {
    titleOne: 'Resolve this case',
    titleMany: 'Resolve {n} cases',
    outcome: 'How did it end?',
    note: 'A new case is marked in progress first, then resolved.',
    resolve: 'Resolve',
    cancel: 'Cancel',
    help: {
      recovered: 'The customer is happy again.',
      not_recovered: 'The customer answered but is still unhappy.',
      no_reply: 'The customer never answered.',
    },
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
  // Dashboard, its cards, charts, latest reviews, first-run checklist and banners.
  dashboard: {
  },
  checklist: {
  },
  banners: {
  },
  // A review: its drawer, reply box, case panel and reply status.
  review: {
  },
  timeline: {
  },
  // The inbox: bulk bar, shortcuts help, figures, the case reply box.
  inboxTools: {
  },
  // Review requests: contacts, campaigns, import, request settings.
  requests: {
  },
  // Profile, plan and branches.
  profile: {
  },
  plan: {
  },
  branches: {
  },
  // Settings: review flow, notifications, review language, templates, placements, alerts, team.
  settings: {
  },
  placements: {
  },
  alerts: {
  },
  team: {
  },
  // Settings: channels, integrations, Google, export, retention, closing the account.
  channels: {
  },
  integrations: {
  },
  google: {
  },
  dataSection: {
  },
} as const;

type TWiden<T> = { -readonly [K in keyof T]: T[K] extends string ? string : TWiden<T[K]> };

/** The shape every catalog has: the English one's keys, any wording. */
export type TOwnerMessages = TWiden<typeof en>;
