import { handle } from "@/lib/http/handler";
import { getSynonyms } from "@/lib/search/get-synonyms";
import { getSynonymsOp, replaceSynonymsOp } from "@/lib/search/operations";
import { replaceSynonyms } from "@/lib/search/replace-synonyms";

export const GET = handle(getSynonymsOp, () => getSynonyms());
export const PUT = handle(replaceSynonymsOp, ({ body }) => replaceSynonyms(body));
