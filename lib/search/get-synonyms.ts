/** The shop's search synonyms, kept in system_state under one key (every process reads them). */
import { db } from "@/lib/db/client";
import { formatTimestamp } from "@/lib/http/timestamps";
import { type TSynonyms, ZSynonymsInput } from "./synonyms";

export const SYNONYMS_KEY = "search.synonyms";

export async function getSynonyms(): Promise<TSynonyms> {
  const prisma = await db();
  const row = await prisma.systemState.findUnique({ where: { key: SYNONYMS_KEY } });
  const parsed = ZSynonymsInput.safeParse(row?.value);
  const language = parsed.success ? parsed.data.language : undefined;
  return {
    synonyms: parsed.success ? parsed.data.synonyms : [],
    // Absent until a shop sets one (English).
    ...(language ? { language } : {}),
    date_modified: row ? formatTimestamp(row.date_modified) : null,
  };
}
