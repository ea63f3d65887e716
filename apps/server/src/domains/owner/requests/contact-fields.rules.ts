import { EMAIL_PATTERN, type TContact as TContactDto } from '@starloop/contract';
import type { TContact } from '@starloop/db';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { TRequestMessage } from './channels/channel.types.ts';

/**
 * Contact fields as stored: phones in E.164 (India's +91 when the number has no country code),
 * checked against libphonenumber's full metadata (a real number plan, not only a length); emails
 * trimmed and lower-cased.
 */

/** E.164, or undefined when this is not a valid phone number. */
export function normalizePhone(raw: string): string | undefined {
  const text = raw.trim();
  if (text === '' || text.length > 32) return undefined;
  // libphonenumber also reads "0091…", "91…" and a trunk "0" as India's numbers.
  const phone = parsePhoneNumberFromString(text, 'IN');
  return phone?.isValid() ? phone.number : undefined;
}

export function normalizeEmail(raw: string): string | undefined {
  const email = raw.trim().toLowerCase();
  return email.length <= 254 && EMAIL_PATTERN.test(email) ? email : undefined;
}

/** What a channel sees of a contact. */
export const channelContact = (contact: TContact): TRequestMessage['contact'] => ({
  name: contact.name,
  phoneE164: contact.phoneE164,
  email: contact.email,
  consent: contact.consent,
});

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export const toContactDto = (contact: TContact): TContactDto => ({
  id: contact.id,
  name: contact.name,
  phone: contact.phoneE164,
  email: contact.email,
  consent: contact.consent,
  consentAt: iso(contact.consentAt),
  consentSource: contact.consentSource,
  optedOutAt: iso(contact.optedOutAt),
  optOutSource: contact.optOutSource,
  lastRequestedAt: iso(contact.lastRequestedAt),
  createdAt: contact.createdAt.toISOString(),
});
