"use client";
/** One hook per Settings API operation; each mutation invalidates the list it changes. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TApiClient } from "@/lib/auth/api-clients";
import type { Role } from "@/lib/auth/roles";
import type { Scope } from "@/lib/auth/scopes";
import type { TUser } from "@/lib/auth/users";
import { apiFetch } from "../api/client";
import { queryKeys } from "../api/keys";

export type TNewApiClient = TApiClient & { client_secret: string };

export function useUsers() {
  return useQuery({
    queryKey: queryKeys.settings.users(),
    queryFn: async () => (await apiFetch<{ users: TUser[] }>("/settings/users")).users,
  });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; name: string; role: Role; password: string }) =>
      apiFetch<TUser>("/settings/users", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.settings.users() }),
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; role?: Role; is_disabled?: boolean }) =>
      apiFetch<TUser>(`/settings/users/${encodeURIComponent(id)}`, { method: "PUT", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.settings.users() }),
  });
}

export function useApiClients() {
  return useQuery({
    queryKey: queryKeys.settings.apiClients(),
    queryFn: async () => (await apiFetch<{ api_clients: TApiClient[] }>("/settings/api-clients")).api_clients,
  });
}

export function useCreateApiClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; role: Role; scopes: Scope[]; allowed_origins: string[] }) =>
      apiFetch<TNewApiClient>("/settings/api-clients", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.settings.apiClients() }),
  });
}

export function useRevokeApiClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) =>
      apiFetch<{ detail: string }>(`/settings/api-clients/${encodeURIComponent(clientId)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.settings.apiClients() }),
  });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, new_password }: { id: string; new_password: string }) =>
      apiFetch<TUser>(`/settings/users/${encodeURIComponent(id)}/password`, { method: "PUT", body: { new_password } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.settings.users() }),
  });
}
