import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it.each([
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "\t//evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "\r\n//evil.example",
    " //evil.example",
    "https://evil.example",
    "http:evil.example",
    "javascript:alert(1)",
    "/.//evil.example",
    "/\\/evil.example",
    "evil.example",
    "",
    undefined,
    null,
  ])("sends %j to /", (target) => {
    expect(safeRedirect(target)).toBe("/");
  });

  it("keeps paths of this site, with their query and fragment", () => {
    expect(safeRedirect("/campaigns/new?x=1#top")).toBe("/campaigns/new?x=1#top");
    expect(safeRedirect("/audiences")).toBe("/audiences");
    expect(safeRedirect("/a b")).toBe("/a%20b");
  });

  it("never leads back to sign-in, setup or the API, except an export's download link", () => {
    expect(safeRedirect("/sign-in?callbackUrl=/x")).toBe("/");
    expect(safeRedirect("/api/latest/auth/me")).toBe("/");
    expect(safeRedirect("/setup")).toBe("/");
    const download = "/api/latest/customer-studio/exports/export-id-abc/download?expires=1&sig=x";
    expect(safeRedirect(download)).toBe(download);
  });
});
