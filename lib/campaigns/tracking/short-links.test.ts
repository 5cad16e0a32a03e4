import { describe, expect, it } from "vitest";
import { smsLength } from "@/lib/messaging/sms-length";
import { ESTIMATED_CUSTOMER_ID_BYTES, shortLinkLength, textAsSent, withShortLinks } from "./short-links";

describe("a short link's length", () => {
  it("is the base, /r/ and the code: link id, the customer's id in base64url, 10 signature characters", () => {
    // "https://shop.example/r/" 23 + "0000" 4 + "." + base64url("C1") 3 + "." + 10
    expect(shortLinkLength({ base: "https://shop.example/", customerId: "C1" })).toBe(23 + 4 + 1 + 3 + 1 + 10);
    expect(shortLinkLength({ base: "https://shop.example", customerId: "C1", linkIdChars: 1 })).toBe(
      23 + 1 + 1 + 3 + 1 + 10,
    );
    // UTF-8 bytes: "č" is two.
    expect(shortLinkLength({ base: "https://shop.example", customerId: "čč" })).toBe(23 + 4 + 1 + 6 + 1 + 10);
    expect(shortLinkLength({ base: "https://shop.example" })).toBe(
      23 + 4 + 1 + Math.ceil((ESTIMATED_CUSTOMER_ID_BYTES * 4) / 3) + 1 + 10,
    );
  });
});

describe("a text as sent", () => {
  const t = { shortLinkLength: 50, urlsToShort: [] as string[] };

  it("puts a short link in place of each tracked link, keeping trailing punctuation", () => {
    expect(withShortLinks("See https://shop.example/a/very/long/path?x=1.", t)).toBe(`See ${"x".repeat(50)}.`);
    expect(withShortLinks("No links here", t)).toBe("No links here");
  });

  it("leaves links urls_to_short does not list as written", () => {
    const listed = { shortLinkLength: 50, urlsToShort: ["https://shop.example/sale"] };
    expect(withShortLinks("https://shop.example/sale/1 and https://other.example/x", listed)).toBe(
      `${"x".repeat(50)} and https://other.example/x`,
    );
  });

  it("counts placeholders as ten letters and a product's url as a tracked link (40 characters untracked)", () => {
    expect(textAsSent("Hi {ph_customer.first_name}: {ph_product_1.url}", t)).toBe(
      `Hi ${"x".repeat(10)}: ${"x".repeat(50)}`,
    );
    const listed = { shortLinkLength: 50, urlsToShort: ["https://shop.example/"] };
    expect(textAsSent("{ph_product_1.url}", listed)).toBe("x".repeat(40));
    // A link with a placeholder inside is tracked once filled.
    expect(textAsSent("https://shop.example/?n={ph_customer.first_name}", t)).toBe("x".repeat(50));
  });

  it("changes the parts an SMS is billed as", () => {
    const text = `${"a".repeat(120)} https://x.io/a`;
    expect(smsLength(text).segments).toBe(1);
    expect(smsLength(textAsSent(text, t)).segments).toBe(2);
  });
});
