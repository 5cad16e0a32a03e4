/**
 * Replaces the shop's search synonyms. This process's index takes them at once; the others at
 * their next look at the catalog (within about a second of their next search).
 */
import { db } from "@/lib/db/client";
import { validationError } from "@/lib/http/errors";
import { forgetSynonyms } from "./catalog-index";
import { getSynonyms, SYNONYMS_KEY } from "./get-synonyms";
import { synonymErrors, type TSynonymGroup, type TSynonyms } from "./synonyms";

export async function replaceSynonyms(options: {
  synonyms: TSynonymGroup[];
  /** Omitted: the stored language is kept. */
  language?: string | null;
}): Promise<TSynonyms> {
  const errors = synonymErrors(options.synonyms);
  if (errors.length > 0) throw validationError(errors);
  const prisma = await db();
  const language = options.language === undefined ? ((await getSynonyms()).language ?? null) : options.language;
  const value = { synonyms: options.synonyms, language };
  await prisma.systemState.upsert({
    where: { key: SYNONYMS_KEY },
    create: { key: SYNONYMS_KEY, value },
    update: { value, date_modified: new Date() },
  });
  await forgetSynonyms();
  return getSynonyms();
}
