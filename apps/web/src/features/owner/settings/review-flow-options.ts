/** The review flows and Google's policy note (Settings, and the dashboard's first-run checklist). */
export const REVIEW_FLOW_OPTIONS = [
  {
    value: 'smart',
    label: 'Smart routing',
    description: '4-5 stars go to your public review page, 1-3 to private feedback.',
  },
  {
    value: 'open',
    label: 'Open to everyone',
    description: 'Every customer sees both: your public review page and the private feedback form.',
  },
] as const;

export const REVIEW_GATING_NOTE =
  'Google\'s review policy does not allow sending only happy customers to Google ("review gating"); "Open to everyone" keeps you inside it.';
