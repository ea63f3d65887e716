import { router } from '../../trpc/init.ts';
import { listTemplatesProcedure } from './list.procedure.ts';
import { previewTemplateProcedure } from './preview.procedure.ts';
import { resetTemplateProcedure } from './reset.procedure.ts';
import { updateTemplateProcedure } from './update.procedure.ts';

/** Owner reply templates (custom templates: Professional plan). */
export const replyTemplatesRouter = router({
  list: listTemplatesProcedure,
  update: updateTemplateProcedure,
  reset: resetTemplateProcedure,
  preview: previewTemplateProcedure,
});
