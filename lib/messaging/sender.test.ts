import { describe, expect, it } from "vitest";
import { emailFrom, parseEmailSender, senderProblem } from "./sender";

describe("the sender per channel", () => {
  it("e-mail: a name keeps EMAIL_FROM's address; an address replaces it", () => {
    const base = "Lumen <no-reply@shop.example>";
    expect(emailFrom(base, "")).toBe(base);
    expect(emailFrom(base, "Shop News")).toBe('"Shop News" <no-reply@shop.example>');
    expect(emailFrom("no-reply@shop.example", "Shop News")).toBe('"Shop News" <no-reply@shop.example>');
    // Not a name nor an address (refused when the campaign is saved): EMAIL_FROM as it is.
    expect(emailFrom(base, 'Ann "A" B')).toBe(base);
    expect(emailFrom(base, "news@shop.example")).toBe("news@shop.example");
    expect(emailFrom(base, "Žena <news@shop.example>")).toBe('"Žena" <news@shop.example>');
    expect(parseEmailSender("Shop <a@b>")).toBeUndefined();
    expect(parseEmailSender('"Shop" <a@b.example>')).toEqual({ name: "Shop", address: "a@b.example" });
  });

  it("SMS: Twilio's alphanumeric ids, E.164 numbers and Messaging Service SIDs", () => {
    expect(senderProblem("sms", "Shop 24")).toBeUndefined();
    expect(senderProblem("sms", "+38640123456")).toBeUndefined();
    expect(senderProblem("sms", `MG${"a".repeat(32)}`)).toBeUndefined();
    expect(senderProblem("sms", "123456")).toBeDefined();
    expect(senderProblem("sms", "TwelveLetters")).toBeDefined();
    expect(senderProblem("sms", "Shop-News")).toBeDefined();
    expect(senderProblem("sms", "")).toBeUndefined();
  });
});
