import type { TReviewLanguage } from './languages.ts';
import type { TReviewMessages } from './messages/types.ts';
import { ReviewPage, type TReviewPageInitial } from './review-page/review-page.tsx';

/** What the server inlines beside its markup (one JSON script) so the browser can hydrate it. */
export interface TReviewPageData {
  code: string | null;
  lang: TReviewLanguage;
  /** The page's own language only: the other catalogs are never sent. */
  messages: TReviewMessages;
  placement: string | null;
  /** Absent only on /review without a code. */
  initial?: TReviewPageInitial;
}

/** The whole page from its data: what the server renders and the browser hydrates, byte for byte. */
export function ReviewApp({ data }: { data: TReviewPageData }) {
  return (
    <ReviewPage
      code={data.code}
      lang={data.lang}
      messages={data.messages}
      placement={data.placement}
      {...(data.initial ? { initial: data.initial } : {})}
    />
  );
}
