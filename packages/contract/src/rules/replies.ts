/** Replies' plain values: reply templates (owner.templates) and replies emailed from a review. */

export const REPLY_TEMPLATE_MAX = 2000;

export const REPLY_TEXTS = {
  professionalOnly: 'Custom response templates are part of the Professional plan.',
  bodyRequired: 'Please write the reply template',
  bodyMax: `Reply template must be at most ${REPLY_TEMPLATE_MAX} characters`,
  unknownPlaceholder: (name: string) =>
    `Unknown placeholder {${name}}. Use {customerName}, {businessName}, {rating} or {firstLine}.`,
} as const;

export const REPLY_PLACEHOLDERS = [
  {
    key: 'customerName',
    description:
      "The customer's name when their contact details include one, otherwise 'valued customer' (or 'there' after Hi/Hello)",
  },
  { key: 'businessName', description: 'Your business name' },
  { key: 'rating', description: 'The star rating the customer gave (1 to 5)' },
  {
    key: 'firstLine',
    description: "The first sentence of the customer's feedback (up to about 80 characters)",
  },
] as const;
export type TReplyPlaceholder = (typeof REPLY_PLACEHOLDERS)[number]['key'];

/** The longest reply an owner may send by email (as long as a reply template). */
export const REVIEW_REPLY_MAX = REPLY_TEMPLATE_MAX;

export const REVIEW_ACTION_TEXTS = {
  notFound: 'Review not found',
  invalidId: 'Invalid id',
  textRequired: 'Write the reply.',
  textTooLong: `A reply can be at most ${REVIEW_REPLY_MAX} characters.`,
  editProfessionalOnly:
    'Editing a reply before sending it is part of the Professional plan. You can send the drafted reply as it is.',
  noDraft: 'There is no drafted reply to send for this review yet.',
  stillDrafting: 'The reply is still being drafted. Try again in a moment.',
  alreadySent: 'This reply has already been emailed to the customer.',
  sending: 'This reply is being sent right now. Try again in a moment.',
  noEmail:
    'This customer left no email address to reply to. If they left a phone number, reply from the case by WhatsApp or SMS.',
  unsubscribed: 'This customer asked for no more emails from StarLoop, so the reply is kept here.',
  mailOff: 'Email is not set up on this server yet, so the reply cannot be sent.',
  noLinks: 'A reply sent by email cannot add links or web addresses.',
} as const;
