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
    sections: {
      'review-page': {
        title: 'Review page',
        description: 'What customers see after they rate you, and the page language.',
      },
      replies: {
        title: 'Replies',
        description: 'Alerts about new feedback, the daily digest and your reply templates.',
      },
      channels: {
        title: 'Channels',
        description: 'Google Business Profile, WhatsApp and SMS (DLT) for your messages.',
      },
      team: {
        title: 'Team',
        description: 'Managers and staff, and the branches they work on.',
      },
      developers: {
        title: 'Integrations for developers',
        description: 'API keys and webhooks.',
      },
      account: {
        title: 'Account',
        description:
          'Your password, a copy of your data, how long customer data is kept, closing the account.',
      },
    },
    index: 'Settings sections',
    allSettings: 'All settings',
    loadFailed: 'Failed to load settings',
    passwordChanged: 'Password changed. Other devices have been signed out.',
    saving: 'Saving...',
    saved: 'Saved',
    reviewFlow: {
      title: 'Review flow',
      label: 'What your customers see after they rate you',
      gatingNote:
        'Google\'s review policy does not allow sending only happy customers to Google ("review gating"); "Open to everyone" keeps you inside it.',
      options: {
        smart: {
          label: 'Smart routing',
          description: '4-5 stars go to your public review page, 1-3 to private feedback.',
        },
        open: {
          label: 'Open to everyone',
          description: 'Every customer sees both: your public review page and the private feedback form.',
        },
      },
      atOnce: 'Changes apply to your review page at once.',
    },
    notifications: {
      title: 'Notifications',
      newCase: 'Alert the team about every new feedback case',
      newCaseHint:
        'A 1-3 star review opens a case: its alert goes at once, by email or WhatsApp as each person chose under Alerts, so you can put things right while the visit is still fresh.',
      digest: 'Send a daily digest instead',
      digestHint: "One email a day with the day's 1-3 star reviews, instead of an alert per case.",
    },
    reviewLanguage: {
      title: 'Review page language',
      label: 'Language your review page opens in',
      hint: 'Customers can always switch at the bottom of the page, and their phone remembers it.',
      phone: "The customer's phone language",
      previewIn: 'Preview in',
      frameTitle: 'Your review page in {language}',
      previewHint: 'Your page as customers see it; taps in the preview do nothing.',
      preview: 'Preview the page',
    },
    templates: {
      title: 'Reply templates',
      loadFailed: 'Failed to load reply templates',
      intro: 'Every review with a message gets a reply drafted from the template of its sentiment.',
      upgradeTitle: 'Custom response templates come with the Professional plan',
      // {plan} is the plan's name, {time} how soon it replies (PLANS[plan].autoReply, in words).
      autoReply: {
        standard: '{plan} sends a standard thank-you reply within {time} of a review.',
        personalised:
          '{plan} sends a personalised reply within {time} of a review, written from your own templates.',
      },
      time: {
        essential: '24 to 48 hours',
        professional: '2 to 5 minutes',
      },
      itsReplies: 'These are its replies.',
      upgrade: 'Upgrade to Professional',
      placeholders: 'Placeholders',
      sentiments: {
        positive: { title: 'Positive reviews', hint: 'A thank-you for happy customers.' },
        neutral: { title: 'Neutral reviews', hint: 'Thanks, and a promise to do better.' },
        negative: { title: 'Negative reviews', hint: 'A professional apology and a follow-up.' },
      },
      region: '{title} template',
      isDefault: '{hint} (default)',
      customised: '{hint} (customised)',
      reset: 'Reset to default',
      save: 'Save',
      saving: 'Saving...',
      preview: 'Preview',
      saved: 'Template saved',
      saveFailed: 'Could not save the template. Please try again.',
      resetDone: 'Template reset to default',
      resetFailed: 'Could not reset the template. Please try again.',
    },
  },
  placements: {
    title: 'Placements',
    description:
      'Give each table, counter, delivery bag or staff member its own QR code, and see on your dashboard where reviews come from. Your original QR code is the Default placement and keeps working.',
    newPlacement: 'New placement',
    example: 'e.g. Table 4, Billing counter',
    add: 'Add placement',
    staffKind: "A staff member's own QR code (ranks them on the staff leaderboard)",
    unlimited: {
      one: '{n} placement (unlimited on your plan)',
      other: '{n} placements (unlimited on your plan)',
    },
    used: '{n} of {limit} placements used',
    // Said after the count at the Essential limit, around a link to the plan.
    fullBefore: '— that is all your Essential plan includes. Delete one you no longer use, or ',
    fullLink: 'move to Professional',
    fullAfter: ' for unlimited placements.',
    loadFailed: 'Failed to load placements',
    table: 'Placements',
    empty: 'No placements yet.',
    name: 'Name',
    reviewPage: 'Review page',
    added: 'Added',
    actions: 'Actions',
    original: 'Original QR code',
    staff: 'Staff',
    showQr: 'Show QR code for {name}',
    showing: 'Showing',
    qrCode: 'QR code',
    rename: 'Rename',
    renameOf: 'Rename {name}',
    delete: 'Delete',
    deleteOf: 'Delete {name}',
    renameTitle: 'Rename placement',
    sameQr: 'The QR code stays the same: cards you have printed keep working.',
    deleteTitle: 'Delete placement',
    deleteMessage:
      'Delete "{name}"? Scans of its printed QR code will count for Default from now on. Its reviews and scans so far stay in your stats.',
    saving: 'Saving...',
    created: 'Placement added',
    renamed: 'Placement renamed. Its QR code stays the same.',
    deleted: 'Placement deleted. Its reviews and scans stay in your stats.',
    addFailed: 'Could not add the placement. Please try again.',
    renameFailed: 'Could not rename the placement. Please try again.',
    deleteFailed: 'Could not delete the placement. Please try again.',
  },
  alerts: {
    title: 'Alerts',
    description:
      'When a customer is unhappy, StarLoop tells the right person at once: the case’s assignee, else the branch’s managers, else the owners. Everyone in your team chooses their own alerts here.',
    newCase: 'A new feedback case',
    newCaseHint: 'A 1-3 star review, or a complaint your branch asked to follow.',
    overdue: 'A case past its response time',
    overdueHint: 'Nobody has responded within your first-response target.',
    email: 'Email',
    whatsapp: 'WhatsApp',
    push: 'Push',
    payment: 'A plan renewal reminder',
    paymentHint: 'Before your plan ends, and if your review page is about to close. The email always goes.',
    quietHours: 'Quiet hours',
    quietHoursHint:
      'Alerts that come in during these hours (IST) wait, and arrive together as one message when they end.',
    from: 'From',
    until: 'Until',
    saveQuietHours: 'Save quiet hours',
    saving: 'Saving...',
    savedNote: 'Saved',
    saved: 'Alerts saved',
    saveFailed: 'Could not save your alerts.',
    tryAgain: 'Please try again.',
    loadFailed: 'Failed to load your alerts',
    emailTo: 'Emails go to {email}.',
    whatsappTo: 'WhatsApp messages come from StarLoop’s number to {phone}.',
    // Push is available only with at least one device, so `one` is exactly 1 (also in Hindi).
    pushTo: {
      one: 'Push notifications go to one phone or browser where you turned them on.',
      other: 'Push notifications go to {n} phones and browsers where you turned them on.',
    },
    batching: 'After an alert, the next ones wait up to {minutes} minutes and come together.',
    // The contract's ALERT_TEXTS that this screen says itself (the server says them in English).
    clockInvalid: 'Use a 24-hour time like 22:00 (IST).',
    quietHoursSame: 'Quiet hours must end at a different time than they start.',
    noEmail: 'You have no email address on your profile, so email alerts cannot reach you.',
    device: {
      title: 'Notifications on this phone',
      on: 'Notifications are on for this phone or browser.',
      off: 'Get new low ratings, cases and renewal reminders as notifications on this phone.',
      turnOn: 'Turn on notifications',
      turnOff: 'Turn off on this phone',
      unsupported:
        'This browser cannot show notifications. On an iPhone, first add StarLoop to your home screen (Share, then Add to Home Screen) and open it from there.',
      denied:
        'Notifications are blocked for StarLoop in this browser. Allow them in the site settings, then try again.',
      notConfigured: 'Push notifications are not set up on this StarLoop server yet.',
      turnedOn: 'Notifications turned on',
      turnedOff: 'Notifications turned off on this phone',
      failed: 'Could not turn on notifications.',
      noSubscription: 'The browser gave no subscription.',
    },
  },
  team: {
    title: 'Team',
    description:
      'Invite managers and staff. Managers run their branches (not billing, the team or integrations); staff read reviews and work on feedback.',
    invite: 'Invite',
    name: 'Name',
    phone: 'Phone',
    email: 'Email (optional)',
    role: 'Role',
    branches: 'Branches (all when empty)',
    branchesColumn: 'Branches',
    linkTitle: 'Invitation link',
    linkHint: 'Share it with them (WhatsApp, SMS); it works once, for 7 days.',
    shareOnWhatsApp: 'Share on WhatsApp',
    copy: 'Copy link',
    copied: 'Copied',
    remove: 'Remove',
    removeOf: 'Remove {name}',
    revoke: 'Revoke',
    revokeOf: 'Revoke {name}',
    invitation: 'Invited: {name} ({phone}), {role}, {branches}',
    allBranches: 'All branches',
    roleOf: 'Role of {name}',
    roles: { owner: 'Owner', manager: 'Manager', staff: 'Staff' },
    loadFailed: 'Failed to load the team',
    inviteFailed: 'Could not send the invitation. Please try again.',
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
