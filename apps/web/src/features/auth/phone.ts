/**
 * What a phone field keeps as the user types or pastes: digits only, at most 10, without a pasted
 * +91 or leading 0 ("+91 98765 43210" and "098765 43210" both give 9876543210).
 */
export function phoneDigits(value: string): string {
  let digits = value.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return digits.slice(0, 10);
}
