/**
 * The public contact details shown on the landing, contact, support and legal pages. One place to
 * change them: these are the launch placeholders (replace with the real mailbox and number).
 */
export const SITE_CONTACT = {
  supportEmail: 'support@starloop.in',
  salesEmail: 'sales@starloop.in',
  privacyEmail: 'privacy@starloop.in',
  phoneDisplay: '+91 20 6790 1234',
  phoneHref: 'tel:+912067901234',
  hours: 'Mon-Fri 9AM-6PM IST',
  city: 'Pune, Maharashtra, India',
} as const;
