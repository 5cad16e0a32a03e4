import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { env } from "@/lib/env";
import { withUtm } from "./links";
import { fromBase62, linkCode, pixelToken, readLinkCode, readMessageToken, toBase62, unsubscribeToken } from "./tokens";

describe("tracking tokens", () => {
  it("base62 round-trips", () => {
    for (const n of [0n, 1n, 61n, 62n, 123_456_789n]) expect(fromBase62(toBase62(n))).toBe(n);
  });

  it("a message token names its send and customer; a changed one reads as nothing", () => {
    const token = unsubscribeToken({ sendId: "send-id-1", customerId: "C 1/ü" });
    expect(readMessageToken(token, "unsubscribe")).toEqual({ sendId: "send-id-1", customerId: "C 1/ü" });
    expect(readMessageToken(`${token}x`, "unsubscribe")).toBeUndefined();
    expect(
      readMessageToken(
        `${unsubscribeToken({ sendId: "s", customerId: "other" }).split(".")[0]}.${token.split(".")[1]}`,
        "unsubscribe",
      ),
    ).toBeUndefined();
    expect(readMessageToken("nonsense", "unsubscribe")).toBeUndefined();
  });

  it("the pixel's token and the unsubscribe link's differ and are read only for their purpose", () => {
    const ref = { sendId: "send-id-1", customerId: "C-1" };
    const pixel = pixelToken(ref);
    const unsubscribe = unsubscribeToken(ref);
    expect(pixel).not.toBe(unsubscribe);
    expect(readMessageToken(pixel, "open")).toEqual(ref);
    expect(readMessageToken(pixel, "unsubscribe")).toBeUndefined();
    expect(readMessageToken(unsubscribe, "unsubscribe")).toEqual(ref);
    expect(readMessageToken(unsubscribe, "open")).toBeUndefined();
  });

  it("a token of mail sent before the split (one token for both) still unsubscribes", () => {
    const ref = { sendId: "send-id-1", customerId: "C-1" };
    const payload = Buffer.from(`${ref.sendId}\n${ref.customerId}`).toString("base64url");
    const secret = env().AUTH_SECRET ?? "";
    const legacy = `${payload}.${createHmac("sha256", secret).update(`message\u0000${payload}`).digest("base64url").slice(0, 16)}`;
    expect(readMessageToken(legacy, "unsubscribe")).toEqual(ref);
    expect(readMessageToken(legacy, "open")).toEqual(ref);
  });

  it("a link code is short and names its link and customer", () => {
    const code = linkCode(4711n, "C-1001");
    expect(code.length).toBeLessThanOrEqual(24);
    expect(readLinkCode(code)).toEqual({ linkId: 4711n, customerId: "C-1001" });
    const [, customer, signature] = code.split(".");
    expect(readLinkCode(`${toBase62(4712n)}.${customer}.${signature}`)).toBeUndefined();
    expect(readLinkCode(linkCode(4711n, "C-1002").replace(/\.[^.]+$/, `.${code.split(".")[2]}`))).toBeUndefined();
  });

  it("UTM parameters follow the group's utm list and replace those of the link", () => {
    const v = { campaign_name: "Spring", campaign_id: "g1", channel: "sms", abc_group: "B", customer_id: "C1" };
    expect(withUtm("https://s.example/p?utm_campaign=old&x=1", ["campaign_name", "abc_group"], v)).toBe(
      "https://s.example/p?utm_campaign=Spring&x=1&utm_content=B",
    );
    expect(withUtm("https://s.example/p", [], v)).toBe("https://s.example/p");
    expect(new URL(withUtm("https://s.example/", ["channel", "campaign_id", "customer_id"], v)).search).toBe(
      "?utm_source=lumen&utm_medium=sms&utm_id=g1&utm_term=C1",
    );
  });
});
