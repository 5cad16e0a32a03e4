/**
 * npm run clients -- <command>: API clients (client_credentials grant) for external systems.
 *   add --name N --role R [--scopes content,data:write,studio] [--origins https://shop.example,...]
 *                             prints client_id and the secret (shown this once only), and the
 *                             publishable key of a content-only client
 *   list
 *   revoke --client-id ID
 * Every change is in the audit log as the API's would be, with the actor cli:<OS user>.
 * Exit codes: 0 done, 1 the operation failed (e.g. no such client), 2 bad usage.
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { auditedCommand, cliActor } from "@/lib/audit/cli-audit";
import { createApiClient, listApiClients, revokeApiClient, ZApiClientCreate } from "@/lib/auth/api-clients";
import { createClientOp, revokeClientOp } from "@/lib/auth/operations";
import { databaseReady } from "@/lib/db/ready";
import { isMain, parse, runCommand, table, UsageError } from "./cli";

const USAGE = `Usage: npm run clients -- <command> [options]
  add --name N --role user|advanced|super [--scopes S,S] [--origins URL,URL]
      scopes: content, data:write, studio (default studio); content alone: a publishable key
      for shop pages, answered from --origins only
  list
  revoke --client-id ID`;

/** One command (argv without the program): what `npm run clients -- ...` runs; tests call it. */
export async function run(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: "string" },
      role: { type: "string" },
      scopes: { type: "string" },
      origins: { type: "string" },
      "client-id": { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const [command, ...extra] = positionals;
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (extra.length > 0) throw new UsageError(`unexpected argument: ${extra.join(" ")}`);
  const actor = cliActor();

  switch (command) {
    case "add": {
      if (!values.role) throw new UsageError("--role is required (user, advanced or super)");
      const list = (text: string | undefined) =>
        text
          ?.split(",")
          .map((s) => s.trim())
          .filter(Boolean);
      const input = parse(ZApiClientCreate, {
        name: values.name ?? "",
        role: values.role,
        scopes: list(values.scopes),
        allowed_origins: list(values.origins),
      });
      await databaseReady();
      const client = await auditedCommand(actor, createClientOp, { body: input }, () =>
        createApiClient({ ...input, createdBy: actor.principal.subject }),
      );
      console.log(`Created API client "${client.name}" with role ${client.role}.`);
      console.log(`client_id:     ${client.client_id}`);
      console.log(`client_secret: ${client.client_secret}`);
      console.log(`scopes:        ${client.scopes.join(" ")}`);
      if (client.publishable_key) {
        console.log(`publishable:   ${client.publishable_key} (not a secret; for the shop's pages)`);
        console.log(`origins:       ${client.allowed_origins.join(" ") || "none (servers only)"}`);
      }
      console.log("Store the secret now: it is not kept and cannot be shown again.");
      return;
    }
    case "list": {
      await databaseReady();
      const clients = await listApiClients();
      console.log(
        table(
          clients.map((c) => ({
            client_id: c.client_id,
            name: c.name,
            role: c.role,
            scopes: c.scopes.join(" "),
            status: c.date_revoked ? `revoked ${c.date_revoked}` : "active",
            created: c.date_created,
            last_used: c.last_used ?? "never",
          })),
        ),
      );
      return;
    }
    case "revoke": {
      const { clientId } = parse(
        z.object({ clientId: z.string("--client-id is required").trim().min(1, "--client-id is required") }),
        { clientId: values["client-id"] },
      );
      await databaseReady();
      const client = await auditedCommand(actor, revokeClientOp, { params: { client_id: clientId } }, () =>
        revokeApiClient({ clientId }),
      );
      console.log(`Revoked ${client.client_id} ("${client.name}"): its tokens stop working now.`);
      return;
    }
    case undefined:
      throw new UsageError("a command is required");
    default:
      throw new UsageError(`unknown command: ${command}`);
  }
}

if (isMain(import.meta.url)) await runCommand(USAGE, () => run(process.argv.slice(2)));
