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
    title: 'WhatsApp and SMS',
    loadFailed: 'Failed to load messaging channels',
    saved: 'Channel settings saved',
    saveFailed: 'Could not save. {message}',
    tryAgain: 'Please try again.',
    secretSaved: 'Saved. Leave empty to keep it.',
    variable: 'Variable {n} is',
    variables: {
      customerName: "Customer's name",
      businessName: 'Business name',
      link: 'Review link',
    },
    whatsapp: {
      label: 'WhatsApp settings',
      title: 'WhatsApp',
      switchLabel: 'Send review requests on WhatsApp',
      saveLabel: 'Save WhatsApp',
      intro:
        "Uses your WhatsApp Business Account (Cloud API). Create a Utility template whose body has two variables: {{1}} the customer's name and {{2}} the review link, and send only to customers who agreed to hear from you on WhatsApp.",
      phoneNumberId: 'Phone number ID',
      phoneNumberIdHelp: 'WhatsApp Manager > Phone numbers (digits only)',
      templateName: 'Template name',
      templateLanguage: 'Template language',
      templateLanguageHelp: 'Such as en, en_US or hi',
      caseTemplateName: 'Case reply template name (optional)',
      caseTemplateNameHelp:
        "Replies to an unhappy customer from the inbox go from your number with this template: body {{1}} your business name, {{2}} the reply. Empty: they go from StarLoop's number.",
      accessToken: 'Access token',
      accessTokenHelp: 'A permanent system user token with whatsapp_business_messaging',
      webhookNotReady:
        "Delivery statuses and STOP replies need this server's WhatsApp webhook to be set up by StarLoop.",
    },
    sms: {
      label: 'SMS settings',
      title: 'SMS (Gupshup)',
      switchLabel: 'Send review requests by SMS',
      saveLabel: 'Save SMS',
      intro:
        'SMS to Indian numbers must match a template registered on DLT under your entity and sender ID. Paste the template exactly as registered, with {variable} for each variable.',
      userId: 'Gupshup user ID',
      password: 'Gupshup password',
      entityId: 'DLT principal entity ID',
      header: 'Sender ID (header)',
      templateId: 'DLT template ID',
      templateText: 'Template text (as registered on DLT)',
      templateTextHelp:
        "Tip: write the link's start out, e.g. https://starloop.in/r/{variable}, so the variable stays within 30 characters.",
      caseTemplateId: 'Case reply DLT template ID (optional)',
      caseTemplateText: 'Case reply template text (optional)',
      caseTemplateTextHelp:
        "Replies to an unhappy customer from the inbox go from your sender with this template: the first {variable} is your business name, the others carry the reply. Empty: they go from StarLoop's sender.",
      urls: 'In your Gupshup account, set these URLs (they are yours alone; keep them private):',
      deliveryUrl: 'Real-time delivery URL',
      inboundUrl: 'Keyword response URL (for STOP on your long code)',
    },
  },
  integrations: {
    title: 'Integrations',
    professionalOnly: 'API keys and webhooks are part of the Professional plan.',
    copyNow: 'Copy it now: it will not be shown again.',
    apiKeys: {
      title: 'API keys',
      loadFailed: 'Failed to load API keys',
      intro:
        'Your billing or POS system can send a review request with {endpoint} and {auth} (see the API documentation).',
      authSample: 'Authorization: Bearer <key>',
      shown: 'Your new API key',
      name: 'Name',
      key: 'Key',
      lastUsed: 'Last used',
      revoked: 'Revoked',
      revoke: 'Revoke',
      form: 'New API key',
      keyName: 'Key name',
      keyNamePlaceholder: 'Billing counter',
      create: 'Create key',
    },
    webhooks: {
      title: 'Webhooks',
      loadFailed: 'Failed to load webhooks',
      intro:
        "StarLoop POSTs each event to your HTTPS endpoint, signed in {header} as {signature} with the endpoint's secret, and retries for a few hours until you answer 2xx.",
      signatureSample: 't=<unix time>,v1=<HMAC-SHA256 of "t.body">',
      shown: 'Signing secret',
      remove: 'Remove',
      form: 'New webhook endpoint',
      url: 'Endpoint URL',
      events: 'Events',
      add: 'Add endpoint',
      deliveries: 'Webhook deliveries',
      event: 'Event',
      status: 'Status',
      attempts: 'Attempts',
      answer: 'Answer',
      time: 'Time',
      deliveryStatus: {
        pending: 'pending',
        succeeded: 'succeeded',
        failed: 'failed',
      },
    },
  },
  google: {
    title: 'Google Business Profile',
    connected: 'Google Business Profile connected.',
    consentFailed: 'Google did not confirm the connection. Please connect again from Settings.',
    intro:
      'Bring your Google reviews into StarLoop: see them beside your QR reviews, get a drafted reply for each, and publish it to Google from here.',
    connect: 'Connect Google Business Profile',
    reconnectNeeded: 'Reconnect needed',
    revoked: 'StarLoop lost access to your Google Business Profile. Please reconnect it in Settings.',
    reconnect: 'Reconnect Google Business Profile',
    badge: {
      active: 'Connected',
      revoked: 'Access lost',
      chooseLocation: 'Choose a location',
      notConnected: 'Not connected',
    },
    locationsFailed: 'Could not load your Google locations. {message}',
    noLocations: 'This Google account manages no business location. Connect the account that does.',
    locationSaved: 'Location saved. Importing your Google reviews…',
    whichLocation: 'Which business location are these reviews for?',
    useForReviewLink: "Use this location's Google review link as my review link",
    useForReviewLinkHelp: 'Happy customers on your review page are sent to it.',
    useLocation: 'Use this location',
    location: 'Location:',
    reviewCount: '{count} Google reviews',
    syncing: 'Syncing with Google…',
    importing: 'Importing your Google reviews…',
    progress: '{done} of {total}',
    lastSynced: 'Last synced {when}. New reviews arrive within minutes; a full check runs every 30 minutes.',
    notYet: 'not yet',
    lastError: 'Last sync problem',
    syncNow: 'Sync now',
    disconnect: 'Disconnect',
    disconnectConfirm: 'Disconnect and remove the imported Google reviews?',
    disconnectYes: 'Yes, disconnect',
    cancel: 'Cancel',
    rules: {
      title: 'Replies to new Google reviews',
      intro:
        'Every new Google review gets a drafted reply. Choose which ones StarLoop may publish by itself, and when.',
      stars: { one: '{n} star', other: '{n} stars' },
      mode: '{n}-star replies',
      ask: 'Always ask me',
      auto: 'Publish by itself',
      delay: 'Hours before publishing {n}-star replies',
      delaySuffix: ' hours after',
      saved: 'Reply rules saved.',
      save: 'Save reply rules',
    },
  },
  dataSection: {
    tryAgain: 'Please try again.',
    export: {
      title: 'Export your data',
      description:
        'Everything your account holds (reviews with replies, cases, contacts with their consent, requests, Google reviews, placements, settings, team, audit trail, invoices) as a ZIP of CSV files and one JSON document. It is prepared in the background; we email the owners when it is ready, and it is kept for 7 days.',
      start: 'Export your data',
      running: 'Preparing your export... {progress}%',
      ready: 'Your export is ready.',
      keptUntil: 'Kept until {date}.',
      download: 'Download ZIP',
      failed: 'The export could not be prepared. Please start it again.',
      downloadFailed: 'Could not download the export.',
      startFailed: 'Could not start the export.',
      loadFailed: 'Failed to load your exports',
    },
    retention: {
      title: 'Data retention',
      description:
        'How long StarLoop keeps your customers’ contact details and feedback text. Older ones are deleted every night (the star rating and its date stay). Defaults: {contactDays} days and {feedbackDays} days (3 years).',
      contacts: 'Customer contact details (days)',
      feedback: 'Feedback text (days)',
      save: 'Save retention',
      saving: 'Saving...',
      failed: 'Retention could not be saved.',
    },
    closeAccount: {
      title: 'Close account',
      description:
        'Close your StarLoop account for every branch. You can sign in for {days} days to export your data; then it is erased.',
      open: 'Close account…',
      confirmTitle: 'Close your account?',
      atOnce:
        'At once: every review page of your account shows a “closed” page, your team is signed out, your API keys stop working and no review requests or reminders are sent.',
      window:
        'For {days} days you can still sign in and export your data; we email you before the erasure. If you change your mind, write to us within those days.',
      erased:
        'Then your businesses, team, reviews, feedback, contacts and requests are erased; review counts stay only as anonymous monthly figures. Invoices and payment records are kept for {years} years, as GST law requires.',
      password: 'Your password',
      confirm: 'Close my account',
      closing: 'Closing...',
      failed: 'The account could not be closed.',
    },
  },
} as const;

type TWiden<T> = { -readonly [K in keyof T]: T[K] extends string ? string : TWiden<T[K]> };

/** The shape every catalog has: the English one's keys, any wording. */
export type TOwnerMessages = TWiden<typeof en>;
