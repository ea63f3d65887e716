import { fill, plural, type TPluralForms } from '@starloop/review-page';
import { formatNumber } from '../../../lib/format.ts';
import { useOwnerLanguage } from '../../../lib/owner-i18n/owner-i18n.tsx';
import { useOwnerMessages } from '../../../lib/owner-i18n/owner-messages.ts';

/**
 * The requests screens' texts in the person's language, and `count` for their counted texts. The
 * number is grouped the Indian way before `plural` picks the form ("Import 1,500 customers"):
 * `plural` alone fills in the bare number.
 */
export function useRequestTexts() {
  const t = useOwnerMessages().requests;
  const { language } = useOwnerLanguage();
  const count = (forms: TPluralForms, n: number) => {
    const grouped = Object.fromEntries(
      Object.entries(forms).map(([rule, text]) => [rule, fill(text, { n: formatNumber(n) })]),
    ) as TPluralForms;
    return plural(language, grouped, n);
  };
  return { t, count };
}
