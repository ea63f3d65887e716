/**
 * The owner area's English texts that every owner page's first view reads (the area's frame, the
 * dashboard's first screen, a chain's branch switcher): part of the first view's code. The rest is
 * en.ts, loaded with the screens that use it, so a phone's first view does not carry every owner
 * screen's texts (issue 34 item 7). Each language has the same two parts (hi-first.json, hi.json).
 */
export const enFirst = {
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
  // Dashboard, its cards, charts, latest reviews, first-run checklist and banners.
  dashboard: {
    loadFailed: 'Failed to load stats',
    sources: 'Cards and charts count QR and Google reviews (QR {qr} · Google {google}).',
    stats: {
      total: 'Total Reviews',
      average: 'Average Rating',
      fiveStar: 'Five-star reviews',
      outOfFive: 'out of 5 stars',
      ofAll: '{percent} of all reviews',
    },
    empty: {
      total: 'Share your QR code or send a review request to get the first one.',
      noAverage: 'No reviews yet',
      averageHint: 'Your average shows after the first review.',
      fiveStarHint: 'Counted from your first review on.',
    },
    // {count} rather than {n}: the count is shown grouped the Indian way (1,500).
    charts: {
      perMonth: 'Ratings per month',
      distribution: 'Star distribution',
      reviews: 'Reviews',
      averageRating: 'Average rating',
      monthlySummary:
        'Reviews and average rating for the last 12 months. Busiest month: {month} with {reviews}.',
      noMonthly: 'No reviews in the last 12 months yet.',
      starSummary: 'All reviews by rating. {stars}.',
      reviewCount: { one: '{count} review', other: '{count} reviews' },
      stars: { one: '{n} star', other: '{n} stars' },
    },
    ratingStars: '{n} out of 5 stars',
    staff: {
      title: 'Staff leaderboard',
      description:
        "{from} to {to}. Reviews through each staff member's own QR code, ranked by 4-5 star reviews, then average. Cases are the feedback cases their reviews opened.",
      rank: 'Rank',
      rankOf: 'Rank {n}',
      member: 'Staff member',
      reviews: 'Reviews',
      average: 'Average',
      positive: '4-5 stars',
      cases: 'Cases',
      empty: 'No staff placements.',
    },
    reviews: {
      title: 'Recent Reviews',
      search: 'Search reviews',
      searchPlaceholder: 'Search by message or contact',
      source: 'Review source',
      allSources: 'All sources',
      loadFailed: 'Failed to load reviews',
      noneFound: 'No reviews found matching your search.',
      none: 'No reviews available.',
      noneHint: 'Put your QR card where customers pay, or send a review request from Requests.',
      srNo: 'Sr.no',
      rating: 'Rating',
      message: 'Message',
      date: 'Date',
      sourceColumn: 'Source',
      open: 'Open review {n}',
      noMessage: 'No message',
      page: 'Page {n}',
      first: 'First page',
      previous: 'Previous page',
      next: 'Next page',
      last: 'Last page',
    },
    placement: {
      title: 'By placement',
      period: '{from} to {to}.',
      note: 'Scans are openings of your review page, counted per day (India time) without cookies. Conversion is the ratings that came with a scan of the same placement that day, over its scans: never above 100%. Ratings without a scan (a shared link, a saved page) are counted apart.',
      dateRange: 'Date range',
      from: 'From',
      to: 'To',
      loadFailed: 'Failed to load placement stats',
      empty: 'No placements yet.',
      all: 'All placements',
      deleted: '(deleted placement)',
      placement: 'Placement',
      scans: 'Scans',
      ratings: 'Ratings',
      average: 'Average',
      positive: '4-5 stars',
      conversion: 'Conversion',
      withoutScan: 'Without a scan',
      days: { one: '{n} day', other: '{n} days' },
      months: { one: '{n} month', other: '{n} months' },
      custom: 'Custom',
      chartTitle: 'Scans and ratings by placement',
      chartNone: 'No scans or ratings in this period yet.',
      chartSummary: 'Scans and ratings per placement, busiest first. {placements}.',
      scanCount: { one: '{count} scan', other: '{count} scans' },
      ratingCount: { one: '{count} rating', other: '{count} ratings' },
    },
  },
  checklist: {
    title: 'Get started',
    description: 'A few steps to set up your review page and start collecting reviews.',
    done: 'All set: your review page is ready for customers.',
    dismiss: 'Hide this checklist',
    progress: { one: '{done} of {n} step done', other: '{done} of {n} steps done' },
    stepDone: '(done)',
    stepToDo: '(to do)',
    steps: {
      review_link: 'Check your Google review link',
      qr_card: 'Download or print your QR card',
      review_flow: 'Choose your review flow',
      placements: 'Add placements (a QR code per table, counter or staff member)',
      team: 'Invite your team',
      google: 'Connect Google',
    },
    policy:
      'Google\'s policy: every customer must be free to post a public review, so don\'t send only happy customers to Google. "Open to everyone" always shows both; "Smart routing" asks 1-3 stars for private feedback first.',
    keep: 'Keep {flow}',
    // {link} is where the link goes, its words beside it.
    reviewLink: 'Open it once to see what your customers see: {link}',
    reviewLinkLink: 'Open your review link',
    noReviewLink: 'Your Google review link is not set yet: it is on your {link}.',
    noReviewLinkLink: 'business profile',
    qrCard: 'Get your QR card',
    placements: 'Track which table or staff member brings reviews: {link}.',
    placementsLink: 'add placements',
    team: 'Let managers and staff answer feedback: {link}.',
    teamLink: 'invite your team',
    google: 'See and answer your Google reviews here: {link}.',
    googleLink: 'connect Google',
  },
  banners: {
    renewal: {
      tomorrow: 'Your plan ends tomorrow',
      endsIn: { one: 'Your plan ends in {n} day', other: 'Your plan ends in {n} days' },
      endsOn: 'It ends on {date}. Renew to keep your review page and dashboard running without a break.',
      ended: 'Your plan has ended',
      closed: 'Your review page is closed. Renew to open it again.',
      grace: 'Your review page stays open until {date}. Renew before then to keep it open.',
      renew: 'Renew',
    },
    google: {
      title: 'Google reviews paused',
      // GOOGLE_TEXTS.revoked (the contract's), in the catalog to be translated.
      revoked: 'StarLoop lost access to your Google Business Profile. Please reconnect it in Settings.',
      reconnect: 'Reconnect',
    },
    closed: {
      title: 'Your account is closed',
      body: 'Your review pages show a closed page and nothing is sent for you any more. You can sign in and export your data until {erasure}; then it is erased. To reopen the account before then, write to us.',
      exportOnly: 'While the account is closed, only the data export is available here.',
    },
    loadError: {
      error: 'Error: {message}',
      retry: 'Retry',
    },
  },
  requests: {
    card: {
      reviewsFromRequests: 'Reviews from requests',
      fromQr: '{n} from QR codes',
      average: 'average {rating}',
    },
  },
  settings: {
    reviewFlow: {
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
    },
  },
  branches: {
    switcher: 'Branch',
    allBranches: 'All branches',
  },
} as const;

/** Every catalog's shape, its strings widened to any wording. */
export type TWiden<T> = { -readonly [K in keyof T]: T[K] extends string ? string : TWiden<T[K]> };

/** The shape of every language's first part: the English one's keys, any wording. */
export type TOwnerFirstMessages = TWiden<typeof enFirst>;
