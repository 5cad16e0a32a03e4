/**
 * The one way client components call the API: JSON in and out, the browser session cookie for
 * authentication, and the API's error envelope {detail, code, errors?} turned into ApiClientError.
 */

export interface ApiFieldError {
  loc: (string | number)[];
  msg: string;
}

export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly errors: ApiFieldError[] = [],
  ) {
    super(detail);
    this.name = "ApiClientError";
  }

  /** Field errors keyed by the last element of loc (["body", "email"] -> "email"). */
  get fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const error of this.errors) {
      const field = error.loc[error.loc.length - 1];
      if (field !== undefined && out[String(field)] === undefined) out[String(field)] = error.msg;
    }
    return out;
  }
}

export const API_BASE = "/api/latest";

type Method = "GET" | "POST" | "PUT" | "DELETE";

export async function apiFetch<T>(
  path: string,
  options: { method?: Method; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const init: RequestInit = {
    method: options.method ?? "GET",
    headers: { Accept: "application/json", ...options.headers },
    credentials: "same-origin",
    cache: "no-store",
  };
  if (options.body !== undefined) {
    init.headers = { ...init.headers, "Content-Type": "application/json" };
    init.body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, init);
  } catch {
    throw new ApiClientError(0, "network_error", "The server could not be reached. Check your connection.");
  }
  const text = await response.text();
  let payload: unknown;
  try {
    payload = text ? JSON.parse(text) : undefined;
  } catch {
    payload = undefined;
  }
  if (!response.ok) throw toError(response.status, payload);
  return payload as T;
}

function toError(status: number, payload: unknown): ApiClientError {
  if (payload && typeof payload === "object" && "detail" in payload && typeof payload.detail === "string") {
    const code = "code" in payload && typeof payload.code === "string" ? payload.code : "error";
    const errors = "errors" in payload && Array.isArray(payload.errors) ? (payload.errors as ApiFieldError[]) : [];
    return new ApiClientError(status, code, payload.detail, errors);
  }
  return new ApiClientError(status, "error", `The server answered ${status}.`);
}

/** A readable sentence for any error a query or mutation may throw. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiClientError) return error.detail;
  if (error instanceof Error) return error.message;
  return "Something went wrong.";
}
