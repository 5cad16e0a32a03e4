import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";

export const openApiOp = defineOperation({
  method: "GET",
  path: "/openapi.json",
  tag: "Reference",
  summary: "This OpenAPI 3.1 document",
  auth: "user",
  response: z.record(z.string(), z.unknown()),
});
