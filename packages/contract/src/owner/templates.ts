import { z } from 'zod';
import { SENTIMENT_LABELS, type TSentimentLabel } from '../constants.ts';
import { REPLY_TEMPLATE_MAX, REPLY_TEXTS } from '../rules/replies.ts';

/** Automatic replies and custom response templates (owner.templates; Professional plan). */

/** Default templates: professional Indian-English tone (thank-you, or apology and follow-up). */
export const DEFAULT_REPLY_TEMPLATES: Record<TSentimentLabel, string> = {
  positive: `Dear {customerName},

Thank you so much for your {rating}-star review of {businessName}! We are delighted that you had a good experience with us, and your kind words mean a lot to our whole team.

We look forward to welcoming you again soon.

Warm regards,
Team {businessName}`,
  neutral: `Dear {customerName},

Thank you for taking the time to share your feedback about {businessName}. We have noted your comments ("{firstLine}") and are always working to do better.

We hope to give you an even better experience on your next visit.

Warm regards,
Team {businessName}`,
  negative: `Dear {customerName},

We are truly sorry that your experience at {businessName} did not meet your expectations, and thank you for telling us about it ("{firstLine}"). This is not the standard we aim for, and we have shared your feedback with our team so that it is looked into right away.

We would like to make this right. Our manager will get in touch with you shortly; you are also welcome to reply to this message with a convenient time to talk.

With sincere apologies,
Team {businessName}`,
};

const ZTemplateBody = z
  .string({ message: REPLY_TEXTS.bodyRequired })
  .trim()
  .min(1, REPLY_TEXTS.bodyRequired)
  .max(REPLY_TEMPLATE_MAX, REPLY_TEXTS.bodyMax);

export const ZSentimentLabel = z.enum(SENTIMENT_LABELS, { message: 'Choose positive, neutral or negative' });

export const ZReplyTemplate = z.object({
  sentiment: ZSentimentLabel,
  body: z.string(),
  /** True when this is the built-in default (the owner has not customised it). */
  isDefault: z.boolean(),
});
export type TReplyTemplate = z.infer<typeof ZReplyTemplate>;

export const ZReplyTemplateList = z.object({
  templates: z.array(ZReplyTemplate),
  placeholders: z.array(z.object({ key: z.string(), description: z.string() })),
  /** Automatic replies and custom templates are on (Professional plan). */
  enabled: z.boolean(),
});
export type TReplyTemplateList = z.infer<typeof ZReplyTemplateList>;

export const ZReplyTemplateUpdate = z.object({ sentiment: ZSentimentLabel, body: ZTemplateBody });
export type TReplyTemplateUpdate = z.infer<typeof ZReplyTemplateUpdate>;

export const ZReplyTemplateReset = z.object({ sentiment: ZSentimentLabel });
export type TReplyTemplateReset = z.infer<typeof ZReplyTemplateReset>;

export const ZReplyTemplatePreview = z.object({ sentiment: ZSentimentLabel, body: ZTemplateBody });
export type TReplyTemplatePreview = z.infer<typeof ZReplyTemplatePreview>;

export const ZReplyTemplatePreviewResult = z.object({ text: z.string() });
