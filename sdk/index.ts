/**
 * Lumen's typed SDK: openapi-fetch over the types openapi-typescript generates from the OpenAPI
 * document (./schema.d.ts, `npm run sdk:api`). Every path, parameter, body and answer is typed;
 * `data` is the success answer, `error` the documented error envelope.
 *
 *   const lumen = createLumenClient({ baseUrl: "https://lumen.example/api/latest", token });
 *   const { data, error } = await lumen.GET("/campaigning-studio/campaignings", { params: { query: { limit: 10 } } });
 */
import createClient, { type ClientOptions, type Middleware } from "openapi-fetch";
import type { components, paths } from "./schema";

export type { components, paths } from "./schema";

type Schemas = components["schemas"];
export type ApiError = Schemas["Error"];
export type Strategy = Schemas["Strategy"];
export type StrategyInput = Schemas["StrategyInput"];
export type Rule = Schemas["RuleOutput"];
export type Position = Schemas["Position"];
export type Touchpoint = Schemas["Touchpoint"];
export type TouchpointInput = Schemas["TouchpointInput"];
export type Content = Schemas["Content"];
export type SearchContent = Schemas["SearchContent"];
export type Item = Schemas["Item"];
export type Audience = Schemas["Audience"];
export type AudienceInput = Schemas["AudienceInput"];
export type Export = Schemas["Export"];
export type Campaign = Schemas["Campaign"];
export type CampaignInput = Schemas["CampaignInput"];
export type CampaignDetail = Schemas["CampaignDetail"];
export type DeliveryReport = Schemas["DeliveryReport"];
export type ApiClient = Schemas["ApiClient"];
export type User = Schemas["User"];
export type Suppression = Schemas["Suppression"];
export type AuditEntry = Schemas["AuditEntry"];

export interface LumenClientOptions extends ClientOptions {
  /** `<PUBLIC_URL>/api/latest`. */
  baseUrl: string;
  /** A bearer token (POST /auth/token) or a publishable key (pk_...); a function is asked on every request. */
  token?: string | (() => string | undefined | Promise<string | undefined>);
}

export function createLumenClient(options: LumenClientOptions) {
  const { token, ...rest } = options;
  const client = createClient<paths>(rest);
  if (token !== undefined) {
    const bearer: Middleware = {
      async onRequest({ request }) {
        const value = typeof token === "function" ? await token() : token;
        if (value && !request.headers.has("authorization")) request.headers.set("authorization", `Bearer ${value}`);
        return request;
      },
    };
    client.use(bearer);
  }
  return client;
}

export type LumenClient = ReturnType<typeof createLumenClient>;
