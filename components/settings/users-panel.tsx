"use client";
import type { Role } from "@/lib/auth/roles";
import type { TUser } from "@/lib/auth/users";
import { errorMessage } from "../api/client";
import { Alert } from "../ui/alert";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardTitle } from "../ui/card";
import { formatDateTime } from "../ui/format";
import { Select } from "../ui/select";
import { Table, TBody, Td, Th } from "../ui/table";
import { CreateUserForm } from "./create-user-form";
import { useUpdateUser, useUsers } from "./queries";
import { ResetPassword } from "./reset-password";
import { ROLE_OPTIONS } from "./roles";

export function UsersPanel({ currentUserId }: { currentUserId: string }) {
  const users = useUsers();
  const update = useUpdateUser();

  return (
    <Card aria-labelledby="users-title" className="space-y-4">
      <div>
        <CardTitle id="users-title">Users</CardTitle>
        <p className="mt-1 text-sm text-slate-600">
          Marketers work in the studio; advanced users may also change data and rules; super users manage users and API
          clients. A change takes effect on the user&apos;s next request.
        </p>
      </div>
      {update.error && <Alert tone="error">{errorMessage(update.error)}</Alert>}
      {users.isPending && <p className="text-sm text-slate-500">Loading users…</p>}
      {users.error && <Alert tone="error">Users could not be loaded: {errorMessage(users.error)}</Alert>}
      {users.data && users.data.length === 0 && <p className="text-sm text-slate-500">No users yet.</p>}
      {users.data && users.data.length > 0 && (
        <Table data-testid="users-table">
          <thead>
            <tr>
              <Th>E-mail</Th>
              <Th className="hidden sm:table-cell">Name</Th>
              <Th>Role</Th>
              <Th>Status</Th>
              <Th className="hidden lg:table-cell">Created</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </thead>
          <TBody>
            {users.data.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                isSelf={user.id === currentUserId}
                busy={update.isPending && update.variables?.id === user.id}
                onChange={(change) => update.mutate({ id: user.id, ...change })}
              />
            ))}
          </TBody>
        </Table>
      )}
      <CreateUserForm />
    </Card>
  );
}

function UserRow({
  user,
  isSelf,
  busy,
  onChange,
}: {
  user: TUser;
  isSelf: boolean;
  busy: boolean;
  onChange: (change: { role?: Role; is_disabled?: boolean }) => void;
}) {
  return (
    <tr data-testid={`user-row-${user.email}`}>
      <Td className="font-medium text-slate-900">
        {user.email}
        {isSelf && <span className="ml-1.5 text-xs font-normal text-slate-500">(you)</span>}
        <span className="block text-xs font-normal text-slate-500 sm:hidden">{user.name}</span>
      </Td>
      <Td className="hidden sm:table-cell">{user.name}</Td>
      <Td>
        <Select
          aria-label={`Role of ${user.email}`}
          value={user.role}
          disabled={busy || isSelf}
          title={isSelf ? "You cannot change your own role" : undefined}
          onChange={(event) => onChange({ role: event.target.value as Role })}
          className="min-w-40 py-1"
        >
          {ROLE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </Td>
      <Td>
        {user.is_disabled ? <Badge tone="red">disabled</Badge> : <Badge tone="green">active</Badge>}
        {user.must_change_password && <span className="mt-1 block text-xs text-slate-500">must change password</span>}
      </Td>
      <Td className="hidden tabular-nums lg:table-cell">{formatDateTime(user.date_created)}</Td>
      <Td className="text-right">
        {!isSelf && (
          <div className="flex flex-wrap items-start justify-end gap-2">
            <ResetPassword userId={user.id} email={user.email} />
            <Button
              size="sm"
              variant={user.is_disabled ? "secondary" : "danger"}
              disabled={busy}
              onClick={() => onChange({ is_disabled: !user.is_disabled })}
              aria-label={`${user.is_disabled ? "Enable" : "Disable"} ${user.email}`}
            >
              {user.is_disabled ? "Enable" : "Disable"}
            </Button>
          </div>
        )}
      </Td>
    </tr>
  );
}
