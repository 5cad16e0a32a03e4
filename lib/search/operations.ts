/** API operations of the smart search: the shop's synonyms and the search report. */
import { z } from "zod";
import { ZTimestampInput } from "@/lib/data/schemas";
import { defineOperation } from "@/lib/http/operation";
import { ZSearchReport } from "./search-report";
import { ZSynonyms, ZSynonymsInput } from "./synonyms";

const tag = "Smart search";

export const getSynonymsOp = defineOperation({
  method: "GET",
  path: "/touchpoint-studio/search/synonyms",
  tag,
  summary: "Read the shop's search synonyms",
  auth: "user",
  response: ZSynonyms,
});

export const replaceSynonymsOp = defineOperation({
  method: "PUT",
  path: "/touchpoint-studio/search/synonyms",
  tag,
  summary: "Replace the shop's search synonyms",
  description:
    'Groups of words or short phrases (up to 4 words) that mean the same to the shop\'s customers, e.g. {"terms": ["tv", "television"]} or {"terms": ["otr", "over the range"]}. Every entry of a group finds the others; with one_way true only the first entry finds the rest. Entries are analysed like search terms (case, plurals, units). Every smart-search touchpoint uses them within about a second. The whole list is replaced.',
  auth: "user",
  audit: {
    action: "synonyms.replace",
    objectType: "synonyms",
    summary: ({ result }) => `${result?.synonyms.length ?? 0} synonym sets`,
  },
  body: ZSynonymsInput,
  response: ZSynonyms,
});

export const ZSearchReportQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .min(1)
    .max(365)
    .optional()
    .describe("The last N days (default 30) when from is not given"),
  from: ZTimestampInput.optional().describe("Start (local date-time; a date alone is midnight), inclusive"),
  to: ZTimestampInput.optional().describe("End, exclusive (default now)"),
  touchpoint_id: z.string().max(200).optional().describe("Only this touchpoint's searches"),
  limit: z.coerce.number().int().min(1).max(100).default(20).describe("Terms per list (default 20)"),
});

export const searchReportOp = defineOperation({
  method: "GET",
  path: "/touchpoint-studio/search/report",
  tag,
  summary: "Top searches and searches with no results over a period",
  description:
    "From the search events the content route records (one per search, not per keystroke: see the content route's `final`; term and result count) and the click events shops send with the term (of the touchpoint_id when one is given). Period: from/to, or the last `days` days (default 30).",
  auth: "user",
  query: ZSearchReportQuery,
  response: ZSearchReport,
});
