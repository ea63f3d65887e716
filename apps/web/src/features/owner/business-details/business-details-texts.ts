/** The owner's business details editor and code change (issue 34 item 3): the screen's words. */
export const BUSINESS_DETAILS_TEXT = {
  edit: 'Edit details',
  changeCode: 'Change business code',
  editTitle: 'Edit business details',
  businessName: 'Business name',
  contactNumber: 'Contact number',
  contactNumberHint: 'A 10-digit mobile number. Customers may see it.',
  reviewLink: 'Review link',
  reviewLinkHint:
    'Where 4-5 star customers go to post their review. To find your Google review link: open your Business Profile on Google (search your business name on Google or Maps while signed in), choose "Ask for reviews" (or "Get more reviews") and copy the link it shows, like https://g.page/r/…/review. Leave it empty and customers get a Google search for your business.',
  useGoogleLink: 'Use the link of your Google location',
  googleLinkFrom: (title: string | null) =>
    title ? `From your connected Google location, ${title}.` : 'From your connected Google location.',
  save: 'Save',
  saving: 'Saving...',
  codeTitle: 'Change your business code',
  newCode: 'New business code',
  newCodeHint: '3 to 32 lower-case letters, digits or hyphens.',
  warningTitle: 'Before you change it',
  warning: (oldCode: string, newCode: string) => [
    `Your review page moves to /review/${newCode || '…'}.`,
    `QR codes and links already printed with /review/${oldCode} keep working: they forward customers to the new address, for good.`,
    `No other business can ever take ${oldCode}: it stays yours.`,
    'Print the new QR code when you can, so customers go straight to the new address.',
  ],
  understand: 'I understand: my review page moves to the new code and the old one forwards to it',
  confirmCode: 'Change code',
  changing: 'Changing...',
  formerCodes: (codes: string[]) =>
    codes.length === 1
      ? `Old code ${codes[0]} forwards here.`
      : `Old codes ${codes.join(', ')} forward here.`,
  ownersOnly: 'Only an owner of the account can change these details.',
} as const;
