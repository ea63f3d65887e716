/** A text that depends on a count: Intl.PluralRules picks the form ("Rate 1 star" / "Rate 2 stars"). */
export type TPluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/**
 * Every text of the customer review page, in one language. The English catalog holds the spec's
 * texts verbatim; `{n}`, `{message}` and `{brand}` are filled in where the text is used.
 */
export interface TReviewMessages {
  /** The document title, before " | StarLoop". */
  pageTitle: string;
  loading: string;
  noCode: string;
  loadFailed: string;
  /** The reasons under loadFailed (404 and 410). */
  businessNotFound: string;
  pageInactive: string;
  /** The page of a business whose account was closed (issue 35): a polite goodbye, not an error. */
  closedTitle: string;
  closedDetail: string;
  question: string;
  /** 1 to 5 stars. */
  ratingWords: readonly [string, string, string, string, string];
  starLabel: TPluralForms;
  submit: string;
  submitting: string;
  cancel: string;
  thanks: string;
  submitFailed: string;
  feedbackLabel: string;
  feedbackPlaceholder: string;
  /** The optional block under the feedback form (issue 33). */
  contactQuestion: string;
  contactPhone: string;
  contactEmail: string;
  /** The consent line; `{business}` is the business's name. Its wording is versioned (REVIEW_CONTACT_CONSENT_VERSION). */
  contactConsent: string;
  /**
   * The notice at the point of collection (issue 35, DPDP Act): who keeps the contact, why, for how
   * long, how to withdraw; `{business}` is the business's name, `{brand}` StarLoop.
   */
  contactNotice: string;
  opening: string;
  openLink: string;
  publicReview: string;
  lowIntro: string;
  openIntro: string;
  poweredBy: string;
  /** The link to the "my data" page (see, erase, withdraw), on every page. */
  myDataLink: string;
  /** The switcher's name for screen readers. */
  language: string;
}
