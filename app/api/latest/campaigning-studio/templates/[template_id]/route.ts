import { deleteTemplateOp, getTemplateOp, updateTemplateOp } from "@/lib/campaigns/template-operations";
import { deleteTemplate, getTemplate, updateTemplate } from "@/lib/campaigns/templates";
import { handle } from "@/lib/http/handler";

export const GET = handle(getTemplateOp, ({ params }) => getTemplate({ templateId: params.template_id }));
export const PUT = handle(updateTemplateOp, ({ params, body, principal }) =>
  updateTemplate({ templateId: params.template_id, input: body, principal }),
);
export const DELETE = handle(deleteTemplateOp, ({ params }) => deleteTemplate({ templateId: params.template_id }));
