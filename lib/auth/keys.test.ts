/** Keys per purpose, and links and webhook URLs switched to theirs with the old signatures accepted for a while. */
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { signedLink, validSignature } from "@/lib/audiences/exports/link";
import { linkCode, readLinkCode, readMessageToken, unsubscribeToken } from "@/lib/campaigns/tracking/tokens";
import { resetEnvCache, setEnv } from "@/lib/env";
import { infobipCallbackUrl, validInfobipSignature } from "@/lib/messaging/receipt-links";
import { deriveKey, LEGACY_SIGNATURES_UNTIL, legacySignaturesAccepted, verificationKeys } from "./keys";

const SECRET = "a-test-secret-of-at-least-thirty-two-bytes!";
const legacy = (text: string) => createHmac("sha256", SECRET).update(text).digest("base64url");

beforeAll(() => {
  setEnv("AUTH_SECRET", SECRET);
  setEnv("PUBLIC_URL", "http://localhost:3000");
});
afterAll(() => {
  vi.useRealTimers();
  resetEnvCache();
});

describe("deriveKey", () => {
  it("gives each purpose its own 32-byte key, none of them the secret", () => {
    const purposes = ["sessions", "tokens", "links", "webhooks", "setup"] as const;
    const keys = purposes.map((p) => deriveKey(p).toString("hex"));
    expect(new Set(keys).size).toBe(purposes.length);
    for (const key of keys) expect(key).toHaveLength(64);
    expect(keys).not.toContain(Buffer.from(SECRET).toString("hex"));
    expect(deriveKey("links").equals(deriveKey("links"))).toBe(true);
  });

  it("accepts AUTH_SECRET's old signatures only until LEGACY_SIGNATURES_UNTIL", () => {
    const before = new Date(LEGACY_SIGNATURES_UNTIL.getTime() - 1000);
    const after = new Date(LEGACY_SIGNATURES_UNTIL.getTime() + 1000);
    expect(legacySignaturesAccepted(before)).toBe(true);
    expect(legacySignaturesAccepted(after)).toBe(false);
    expect(verificationKeys("links", before)).toHaveLength(2);
    expect(verificationKeys("webhooks", after)).toEqual([deriveKey("webhooks")]);
  });
});

describe("tracking links use the links' key", () => {
  const ref = { sendId: "send-1", customerId: "cust-1" };

  it("signs new tokens with the derived key, and still reads tokens signed with AUTH_SECRET", () => {
    const token = unsubscribeToken(ref);
    const [payload, signature] = token.split(".") as [string, string];
    const old = legacy(`unsubscribe\u0000${payload}`).slice(0, 16);
    expect(signature).not.toBe(old);
    expect(readMessageToken(token, "unsubscribe")).toEqual(ref);
    expect(readMessageToken(`${payload}.${old}`, "unsubscribe")).toEqual(ref);
    expect(readMessageToken(`${payload}.${"A".repeat(16)}`, "unsubscribe")).toBeUndefined();
    const code = linkCode(42n, "cust-1");
    const head = code.split(".").slice(0, 2).join(".");
    expect(readLinkCode(code)).toEqual({ linkId: 42n, customerId: "cust-1" });
    expect(readLinkCode(`${head}.${legacy(`link\u0000${head}`).slice(0, 10)}`)).toEqual({
      linkId: 42n,
      customerId: "cust-1",
    });
  });

  it("refuses AUTH_SECRET's signatures after the transition", () => {
    const token = unsubscribeToken(ref);
    const [payload] = token.split(".") as [string];
    vi.useFakeTimers({ now: new Date(LEGACY_SIGNATURES_UNTIL.getTime() + 60_000), toFake: ["Date"] });
    try {
      expect(readMessageToken(token, "unsubscribe")).toEqual(ref);
      expect(readMessageToken(`${payload}.${legacy(`unsubscribe\u0000${payload}`).slice(0, 16)}`, "unsubscribe")).toBe(
        undefined,
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it("export links: the derived key signs, an old link still verifies", () => {
    const expires = new Date(Date.now() + 60_000);
    const link = new URL(signedLink("export-1", expires));
    const signature = link.searchParams.get("signature")!;
    const old = legacy(`export:export-1:${expires.getTime()}`);
    expect(signature).not.toBe(old);
    expect(validSignature("export-1", expires.getTime(), signature)).toBe(true);
    expect(validSignature("export-1", expires.getTime(), old)).toBe(true);
    expect(validSignature("export-2", expires.getTime(), signature)).toBe(false);
  });
});

describe("webhook URLs use the webhooks' key", () => {
  it("signs Infobip's receipt URL with it and still accepts a URL signed with AUTH_SECRET", () => {
    const target = { sendId: "send-1", customerId: "cust-1", leg: "viber" };
    const sig = new URL(infobipCallbackUrl("msg-1", target)).searchParams.get("sig")!;
    const old = legacy("infobip:msg-1:send-1:cust-1:viber");
    expect(sig).not.toBe(old);
    expect(validInfobipSignature("msg-1", target, sig)).toBe(true);
    expect(validInfobipSignature("msg-1", target, old)).toBe(true);
    expect(validInfobipSignature("msg-2", target, sig)).toBe(false);
    const linksKeySig = createHmac("sha256", deriveKey("links"))
      .update("infobip:msg-1:send-1:cust-1:viber")
      .digest("base64url");
    expect(validInfobipSignature("msg-1", target, linksKeySig)).toBe(false);
  });
});
