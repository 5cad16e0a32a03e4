/**
 * npm run users -- <command>: manage the people who sign in to the studio.
 *   add --email E --role R --password P [--name N]
 *   list
 *   set-role --email E --role R
 *   disable --email E [--enable]
 *   reset-password --email E --password P   (the user must change it at next sign-in)
 * With no user at all (DEMO_USERS off), `add --role super` makes the first super user.
 * Every change is in the audit log as the API's would be, with the actor cli:<OS user>.
 * Exit codes: 0 done, 1 the operation failed (e.g. no such user), 2 bad usage.
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { auditedCommand, cliActor } from "@/lib/audit/cli-audit";
import { createUserOp, resetPasswordOp, updateUserOp } from "@/lib/auth/operations";
import { ZNewPassword } from "@/lib/auth/password-policy";
import { resetUserPassword } from "@/lib/auth/reset-password";
import { ZRole } from "@/lib/auth/roles";
import { createUser, disableUser, findUserByEmail, listUsers, setUserRole, ZUserCreate } from "@/lib/auth/users";
import { databaseReady } from "@/lib/db/ready";
import { isMain, parse, runCommand, table, UsageError } from "./cli";

const USAGE = `Usage: npm run users -- <command> [options]
  add --email E --role user|advanced|super --password P [--name N]
  list
  set-role --email E --role user|advanced|super
  disable --email E [--enable]
  reset-password --email E --password P`;

const ZEmail = z.email("must be an e-mail address");

/** One command (argv without the program): what `npm run users -- ...` runs; tests call it. */
export async function run(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: "string" },
      role: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      enable: { type: "boolean", default: false },
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
      const input = parse(ZUserCreate, {
        email: values.email,
        role: values.role,
        password: values.password,
        name: values.name,
      });
      await databaseReady();
      const user = await auditedCommand(actor, createUserOp, { body: input }, () => createUser(input));
      console.log(`Created ${user.role} user ${user.email} (${user.id}).`);
      return;
    }
    case "list": {
      await databaseReady();
      const users = await listUsers();
      console.log(
        table(
          users.map((u) => ({
            email: u.email,
            name: u.name,
            role: u.role,
            status: u.is_disabled ? "disabled" : u.must_change_password ? "must change password" : "active",
            created: u.date_created,
          })),
        ),
      );
      return;
    }
    case "set-role": {
      const input = parse(z.object({ email: ZEmail, role: ZRole }), values);
      await databaseReady();
      const user = await findUserByEmail(input.email);
      await auditedCommand(actor, updateUserOp, { params: { user_id: user.id }, body: { role: input.role } }, () =>
        setUserRole(input),
      );
      console.log(`${input.email} now has role ${input.role}.`);
      return;
    }
    case "disable": {
      const { email } = parse(z.object({ email: ZEmail }), values);
      await databaseReady();
      const user = await findUserByEmail(email);
      const body = { is_disabled: !values.enable };
      await auditedCommand(actor, updateUserOp, { params: { user_id: user.id }, body }, () =>
        disableUser({ email, disabled: body.is_disabled }),
      );
      console.log(`${email} is ${values.enable ? "enabled" : "disabled"}.`);
      return;
    }
    case "reset-password": {
      const input = parse(z.object({ email: ZEmail, password: ZNewPassword }), values);
      await databaseReady();
      const user = await findUserByEmail(input.email);
      await auditedCommand(actor, resetPasswordOp, { params: { user_id: user.id } }, () =>
        resetUserPassword({ userId: user.id, newPassword: input.password, actorId: "" }),
      );
      console.log(`${input.email} has a new password and must change it at the next sign-in.`);
      return;
    }
    case undefined:
      throw new UsageError("a command is required");
    default:
      throw new UsageError(`unknown command: ${command}`);
  }
}

if (isMain(import.meta.url)) await runCommand(USAGE, () => run(process.argv.slice(2)));
