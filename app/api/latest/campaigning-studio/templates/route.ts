import { createTemplateOp, listTemplatesOp } from "@/lib/campaigns/template-operations";
import { createTemplate, listTemplates } from "@/lib/campaigns/templates";
import { handle } from "@/lib/http/handler";

export const GET = handle(listTemplatesOp, ({ query }) => listTemplates({ page: query }));
export const POST = handle(createTemplateOp, ({ body, principal }) =>
  createTemplate({ input: body, principal: principal! }),
);
