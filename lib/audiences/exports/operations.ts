/** Exports of audiences (spec 2.9, 4.6), declared once for routes and OpenAPI. */
import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { ZList, ZPagination } from "@/lib/http/pagination";
import { ZExport, ZExportQuery } from "./schemas";

const tag = "Customer studio";

export const exportAudienceOp = defineOperation({
  method: "GET",
  path: "/customer-studio/audiences/{audience_id}/export",
  tag,
  summary: "Export an audience's or a segment's customers to CSV or XLSX, delivered by e-mail",
  description:
    "Answers at once with {message} naming the e-mail address the link goes to (the requesting user's; for an API client, the user who created it, else 422 no_email) and the export it queued; a job writes the file (the rows of GET .../customers, streamed; extended=true adds every customer field and the recommended products' names and prices). When it is done the address gets a signed download link that works for 6 minutes, only for the requester or a super user; a failure is e-mailed with its reason. Follow progress with GET .../exports. file_extension other than csv or xlsx: 422.",
  auth: "user",
  audit: {
    action: "export.create",
    objectType: "export",
    resultId: ({ result }) => result?.export.export_id,
    summary: ({ params, query }) =>
      `${query.file_extension} of ${params.audience_id}${query.extended ? ", extended" : ""}`,
  },
  params: z.object({ audience_id: z.string().max(200) }),
  query: ZExportQuery,
  response: z.object({ message: z.string(), export: ZExport }),
  errors: [404, 422],
});

export const listExportsOp = defineOperation({
  method: "GET",
  path: "/customer-studio/audiences/{audience_id}/exports",
  tag,
  summary: "Exports of an audience or segment, newest first (status and progress)",
  auth: "user",
  params: z.object({ audience_id: z.string().max(200) }),
  query: ZPagination,
  response: ZList("exports", ZExport),
  errors: [404],
});

export const getExportOp = defineOperation({
  method: "GET",
  path: "/customer-studio/exports/{export_id}",
  tag,
  summary: "An export: status (queued, running, done, failed, expired), rows_done of rows_total, error",
  auth: "user",
  params: z.object({ export_id: z.string().max(200) }),
  response: ZExport,
  errors: [404],
});

export const downloadExportOp = defineOperation({
  method: "GET",
  path: "/customer-studio/exports/{export_id}/download",
  tag,
  summary: "Download an export's file (the signed link from the e-mail)",
  description:
    "Works for 6 minutes after the export finished, for the requester or a super user (signed in, or with a bearer token). 403 for anyone else or a link whose signature does not match; 410 link_expired after the 6 minutes (the file is deleted); 409 not_ready while it is being made. A browser that is not signed in is sent to the sign-in page and back.",
  auth: "user",
  audit: { action: "export.download", objectType: "export", id: ({ params }) => params.export_id },
  params: z.object({ export_id: z.string().max(200) }),
  query: z.object({
    expires: z.coerce.number().int().describe("From the link"),
    signature: z.string().max(200).describe("From the link"),
  }),
  response: z.string().describe("The file (text/csv or XLSX)"),
  fileTypes: ["text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
  errors: [303, 403, 404, 409, 410],
});
