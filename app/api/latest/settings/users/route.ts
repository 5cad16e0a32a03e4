import { createUserOp, listUsersOp } from "@/lib/auth/operations";
import { createUser, listUsers } from "@/lib/auth/users";
import { handle } from "@/lib/http/handler";

export const GET = handle(listUsersOp, async () => ({ users: await listUsers() }));
export const POST = handle(createUserOp, ({ body }) => createUser(body));
