/** The e-mail templates' operations, declared once for routes and OpenAPI. */
import { z } from "zod";
import { defineOperation, MB } from "@/lib/http/operation";
import { ZList, ZPagination } from "@/lib/http/pagination";
import { PLACEHOLDERS } from "./placeholders";
import { MAX_TEMPLATE_HTML, ZTemplate, ZTemplateInput, ZTemplateSummary } from "./template-schemas";

const tag = "Campaign studio";
const templateId = z.object({ template_id: z.string().min(1).max(200) });
/** 500,000 characters of HTML, escaped as JSON and up to 3 bytes each, fit. */
const bodyLimit = 4 * MB;

const TEMPLATE_DOC = `An e-mail template is an HTML document (name and html, at most ${MAX_TEMPLATE_HTML.toLocaleString("en")} characters) that e-mail campaign groups name in html_template_id. When a message is sent, the placeholders of the html (${PLACEHOLDERS.join(" ")}; any other {ph_...} is a 422 naming html) are filled per recipient, HTML-escaped; every http(s) link of an <a href> becomes a tracked short link (/r/<code>, with the group's UTM parameters on the click); and an unsubscribe footer and a 1x1 open pixel are added just before </body> (at the end when there is none). The e-mail's text part is the group's channel_message_text when it has one, else a plain-text version of the filled template (head, script and style dropped, line breaks at <br> and block ends, tags dropped, a link as its text followed by (target), entities decoded); both end with the unsubscribe link.`;

export const listTemplatesOp = defineOperation({
  method: "GET",
  path: "/campaigning-studio/templates",
  tag,
  summary: "List e-mail templates (without their html)",
  description: "Newest change first; search matches part of the name. GET one template for its html.",
  auth: "user",
  query: ZPagination.extend({ search: z.string().max(200).optional().describe("Part of the name") }),
  response: ZList("templates", ZTemplateSummary),
});

export const createTemplateOp = defineOperation({
  method: "POST",
  path: "/campaigning-studio/templates",
  tag,
  summary: "Create an e-mail template",
  description: `${TEMPLATE_DOC} The author is the caller.`,
  auth: "user",
  audit: { action: "template.create", objectType: "template", resultId: ({ result }) => result?.template_id },
  body: ZTemplateInput,
  bodyLimit,
  response: ZTemplate,
  status: 201,
});

export const getTemplateOp = defineOperation({
  method: "GET",
  path: "/campaigning-studio/templates/{template_id}",
  tag,
  summary: "Get an e-mail template",
  auth: "user",
  params: templateId,
  response: ZTemplate,
  errors: [404],
});

export const updateTemplateOp = defineOperation({
  method: "PUT",
  path: "/campaigning-studio/templates/{template_id}",
  tag,
  summary: "Change an e-mail template",
  description: `${TEMPLATE_DOC} A new html changes the e-mails of the campaigns that use the template, so those that are Approved or part-approved become Not approved with their approvals cleared (as an edit of their content does); it is refused with 409 in_use while one of them is Preparing or Sending. A new name alone changes nothing else.`,
  auth: "user",
  audit: { action: "template.update", objectType: "template", id: ({ params }) => params.template_id },
  params: templateId,
  body: ZTemplateInput,
  bodyLimit,
  response: ZTemplate,
  errors: [404, 409],
});

export const deleteTemplateOp = defineOperation({
  method: "DELETE",
  path: "/campaigning-studio/templates/{template_id}",
  tag,
  summary: "Delete an e-mail template",
  description: "409 in_use naming the campaigns whose groups use it: their e-mails would have no HTML to send.",
  auth: "user",
  audit: { action: "template.delete", objectType: "template", id: ({ params }) => params.template_id },
  params: templateId,
  response: z.object({ detail: z.string() }),
  errors: [404, 409],
});
