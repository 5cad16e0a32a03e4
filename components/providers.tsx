"use client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { ApiClientError } from "./api/client";

export function Providers({ children }: { children: ReactNode }) {
  // One client per browser tab (useState), never shared between requests on the server.
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            staleTime: 10_000,
            // 4xx answers will not change on a retry; network errors and 5xx may.
            retry: (count, error) =>
              count < 2 && !(error instanceof ApiClientError && error.status >= 400 && error.status < 500),
          },
        },
      }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
