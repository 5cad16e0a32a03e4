/**
 * API clients: external systems that get tokens with the client_credentials grant. The secret is
 * shown once, at creation; only its scrypt hash is kept. A revoked client's tokens stop working
 * because every request re-reads the client (lib/auth/resolve-principal.ts). Scopes limit what a
 * client may do (./scopes.ts); a client whose scopes are exactly ["content"] is publishable and
 * has a `publishable_key` too: not a secret (it sits in a shop's HTML), shown in every listing.
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { newId } from "@/lib/http/ids";
import { formatNullableTimestamp, formatTimestamp } from "@/lib/http/timestamps";
import { dummyHash, hashSecret, verifySecret } from "./password";
import { forgetPrincipals } from "./resolve-principal";
import { type Role, ZRole } from "./roles";
import { type TApiClientCreate, ZApiClientCreate } from "./schemas";
import { isPublishable, normalScopes, PUBLISHABLE_PREFIX, ZScope } from "./scopes";

export { type TApiClientCreate, ZApiClientCreate } from "./schemas";

export const ZApiClient = z.object({
  id: z.string(),
  name: z.string(),
  role: ZRole,
  client_id: z.string(),
  scopes: z.array(ZScope),
  allowed_origins: z.array(z.string()).describe("Publishable clients: the browser origins their key answers"),
  publishable_key: z
    .string()
    .nullable()
    .describe(
      'Publishable clients only (scopes exactly ["content"]): the browser key, pk_ and 43 random characters; not a secret',
    ),
  created_by: z.string(),
  date_created: z.string(),
  date_revoked: z.string().nullable(),
  last_used: z.string().nullable(),
});
export type TApiClient = z.infer<typeof ZApiClient>;

type Row = {
  id: string;
  name: string;
  role: Role;
  client_id: string;
  scopes: string[];
  allowed_origins: string[];
  publishable_key: string | null;
  created_by: string;
  date_created: Date;
  date_revoked: Date | null;
  last_used: Date | null;
};

const toApiClient = (row: Row): TApiClient => ({
  id: row.id,
  name: row.name,
  role: row.role,
  client_id: row.client_id,
  scopes: normalScopes(row.scopes),
  allowed_origins: row.allowed_origins,
  publishable_key: row.publishable_key,
  created_by: row.created_by,
  date_created: formatTimestamp(row.date_created),
  date_revoked: formatNullableTimestamp(row.date_revoked),
  last_used: formatNullableTimestamp(row.last_used),
});

export async function createApiClient(
  input: TApiClientCreate & { createdBy: string },
): Promise<TApiClient & { client_secret: string }> {
  const data = ZApiClientCreate.parse(input);
  const secret = randomBytes(32).toString("base64url");
  const prisma = await db();
  const row = await prisma.apiClient.create({
    data: {
      id: newId("client"),
      name: data.name,
      role: data.role,
      client_id: `lumen_${randomBytes(12).toString("hex")}`,
      scopes: data.scopes,
      allowed_origins: data.allowed_origins,
      publishable_key: isPublishable(data.scopes) ? newPublishableKey() : null,
      secret_hash: await hashSecret(secret),
      created_by: input.createdBy,
    },
  });
  return { ...toApiClient(row), client_secret: secret };
}

/** pk_ and 32 random bytes in base64url (43 characters): unguessable, though not a secret. */
function newPublishableKey(): string {
  return `${PUBLISHABLE_PREFIX}${randomBytes(32).toString("base64url")}`;
}

export async function listApiClients(): Promise<TApiClient[]> {
  const prisma = await db();
  const rows = await prisma.apiClient.findMany({ orderBy: { date_created: "desc" } });
  return rows.map(toApiClient);
}

export async function revokeApiClient(options: { clientId: string }): Promise<TApiClient> {
  const prisma = await db();
  const row = await prisma.apiClient.findFirst({
    where: { OR: [{ client_id: options.clientId }, { id: options.clientId }] },
  });
  if (!row) throw notFound(`No API client has id ${options.clientId}.`);
  const updated = await prisma.apiClient.update({
    where: { id: row.id },
    data: { date_revoked: row.date_revoked ?? new Date() },
  });
  await forgetPrincipals();
  return toApiClient(updated);
}

export async function authenticateApiClient(options: {
  clientId: string;
  clientSecret: string;
}): Promise<TApiClient | undefined> {
  const prisma = await db();
  const row = await prisma.apiClient.findUnique({
    where: { client_id: options.clientId },
    omit: { secret_hash: false },
  });
  const ok = await verifySecret(options.clientSecret, row?.secret_hash ?? (await dummyHash()));
  if (!row || !ok || row.date_revoked) return undefined;
  await prisma.apiClient.update({ where: { id: row.id }, data: { last_used: new Date() } });
  return toApiClient(row);
}
