/** Query keys in one place, so invalidation after a mutation hits exactly the lists it changed. */
export const queryKeys = {
  settings: {
    all: ["settings"] as const,
    users: () => [...queryKeys.settings.all, "users"] as const,
    apiClients: () => [...queryKeys.settings.all, "api-clients"] as const,
  },
  data: {
    all: ["data"] as const,
    overview: () => [...queryKeys.data.all, "overview"] as const,
  },
  system: {
    backgroundWork: () => ["system", "background-work"] as const,
  },
};
