/**
 * A provider's refusal, with whether it may pass on a retry: HTTP 429 and 5xx and a lost
 * connection are temporary (the message goes back to queued, with backoff); any other 4xx is
 * permanent (the message fails).
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly temporary: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

/** POSTs to a provider: network errors become temporary ProviderErrors, refusals by status. */
export async function postToProvider(
  provider: string,
  url: string,
  init: { headers: Record<string, string>; body: string },
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", headers: init.headers, body: init.body });
  } catch (error) {
    throw new ProviderError(`${provider}: ${(error as Error).message}`, true);
  }
  const text = await response.text();
  if (!response.ok) {
    const temporary = response.status === 429 || response.status >= 500;
    throw new ProviderError(
      `${provider} answered ${response.status}: ${text.slice(0, 300)}`,
      temporary,
      response.status,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProviderError(`${provider} answered ${response.status} with no JSON: ${text.slice(0, 300)}`, false);
  }
}
