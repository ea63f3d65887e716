import { ZReplyTemplatePreview, ZReplyTemplatePreviewResult } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { previewTemplate } from './templates.service.ts';

/**
 * The signed-in owner (any plan). Renders a template with sample values; nothing is stored (a
 * mutation so the body travels in a POST).
 */
export const previewTemplateOperation = ownerProcedure('manage')
  .input(ZReplyTemplatePreview)
  .output(ZReplyTemplatePreviewResult)
  .mutation(({ ctx, input }) => previewTemplate(ctx.session.owner, input));
