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
    opened: 'Case opened from the review',
    moved: '{actor} moved it from {from} to {to}',
    movedWithOutcome: '{actor} moved it from {from} to {to} ({outcome})',
    someStatus: 'its status',
    otherStatus: 'another status',
    unassigned: '{actor} unassigned it',
    assigned: '{actor} assigned it to {person}',
    outcome: '{actor} changed the outcome to {outcome}',
    noOutcome: 'none',
    note: '{actor} added a note',
    invited: '{actor} sent the invitation to share the experience publicly',
    invitedBy: '{actor} sent the invitation to share the experience publicly by {channel}',
    replied: '{actor} replied',
    repliedBy: '{actor} replied by {channel}',
    answered: 'The customer answered',
    answeredBy: 'The customer answered by {channel}',
    withdrawn: 'The customer asked not to be contacted again',
    withdrawnBy: 'The customer asked not to be contacted again ({channel})',
    integration: 'An integration (API key)',
    formerMember: 'A former team member',
    // Inside a sentence: lower case.
    status: { new: 'new', in_progress: 'in progress', resolved: 'resolved', reopened: 'reopened' },
    outcomes: { recovered: 'recovered', not_recovered: 'not recovered', no_reply: 'no reply' },
    channels: { whatsapp: 'WhatsApp', sms: 'SMS', email: 'Email' },
    delivery: {
      queued: 'queued',
      sent: 'sent',
      delivered: 'delivered',
      read: 'read',
      failed: 'failed',
      received: 'received',
    },
  },
  // The inbox: bulk bar, shortcuts help, figures, the case reply box.
  inboxTools: {
    bulk: {
      toolbar: 'Selected cases',
      selected: { one: '{n} selected', other: '{n} selected' },
      assignToMe: 'Assign to me',
      assignTo: 'Assign to…',
      resolve: 'Resolve…',
      clear: 'Clear selection',
    },
    // After a bulk change; {done} is the inbox's word for it ('Assigned', 'Resolved').
    summary: {
      done: { one: '{done} {n} case.', other: '{done} {n} cases.' },
      partial: { one: '{done} {n} case of {total}.', other: '{done} {n} cases of {total}.' },
      refused: 'Case {id}: {reason}',
      notChanged: 'not changed',
    },
    shortcuts: {
      button: 'Keyboard shortcuts',
      title: 'Keyboard shortcuts',
      keys: {
        j: 'Next case',
        k: 'Previous case',
        Enter: 'Open the case',
        a: 'Assign to me (the open case, the selected ones or the current one)',
        r: 'Resolve (the open case, the selected ones or the current one)',
        n: 'Write a note on the case',
        '/': 'Go to the filters',
        Esc: 'Close the case',
        '?': 'Show these shortcuts',
      },
    },
    figures: {
      cases: 'Cases',
      median: 'Median first response',
      resolution: 'Resolution rate',
      recovery: 'Recovery rate',
      overdue: 'Overdue now',
      answered: {
        one: '{responded} of {cases} case answered',
        other: '{responded} of {cases} cases answered',
      },
      resolved: { one: '{resolved} of {cases} case resolved', other: '{resolved} of {cases} cases resolved' },
      recovered: '{recovered} of {resolved} resolved cases recovered',
      overdueHint: 'No first response and past the target',
      byBranch: 'By branch',
      branch: 'Branch',
      byPerson: 'By person',
      person: 'Person',
      unassigned: 'Unassigned',
      none: 'No cases in this period.',
      units: { minutes: '{n} min', hours: '{n} h', days: '{n} d' },
    },
    reply: {
      channel: 'Send by',
      template: 'Template',
      templatePlaceholder: 'Start from a template',
      message: 'Message to the customer',
      send: 'Send reply',
      invite: 'Send invitation to review publicly',
      inviteNote:
        'One neutral invitation to share the experience publicly, the same whatever the outcome. It can be sent once.',
      invited: 'The invitation to share the experience publicly has been sent.',
      noChannel: 'No channel can reach this customer now.',
      viaPlatform: "Sent from StarLoop's number",
      viaOwn: 'Sent from your own account',
      counter: '{length} / {max} characters',
      // CASE_TEXTS' words (the server's too; a test keeps them the same).
      noContact: 'This customer left no phone number or email, so they cannot be written to.',
      noConsent: 'This customer did not agree to be contacted, so no message can be sent.',
      consentWithdrawn:
        'This customer asked not to be contacted again (STOP or unsubscribe), so no message can be sent.',
      messageTooLong: 'A message can be at most {max} characters.',
      smsTooLong: 'An SMS can be at most {max} characters; send a longer reply by WhatsApp or email.',
      channels: { whatsapp: 'WhatsApp', sms: 'SMS', email: 'Email' },
      templates: { apology: 'Apology', callback: 'Ask to call them' },
    },
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
