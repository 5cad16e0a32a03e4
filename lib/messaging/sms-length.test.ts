import { describe, expect, it } from "vitest";
import { channelLengthProblems, isGsm7, smsLength, withPlaceholderEstimate, ZViberButton } from "./sms-length";

describe("SMS length and segments", () => {
  it("GSM-7: 160 in one part, 153 per part beyond", () => {
    expect(smsLength("")).toMatchObject({ encoding: "GSM-7", units: 0, segments: 0 });
    expect(smsLength("a".repeat(160))).toMatchObject({ encoding: "GSM-7", units: 160, segments: 1, remaining: 0 });
    expect(smsLength("a".repeat(161))).toMatchObject({ units: 161, segments: 2, perSegment: 153, remaining: 145 });
    expect(smsLength("a".repeat(306))).toMatchObject({ segments: 2, remaining: 0 });
    expect(smsLength("a".repeat(307))).toMatchObject({ segments: 3 });
    expect(smsLength("a".repeat(1530))).toMatchObject({ segments: 10 });
  });

  it("the extension table's characters count double, and an escape pair is never split", () => {
    expect(smsLength("€")).toMatchObject({ encoding: "GSM-7", characters: 1, units: 2 });
    expect(smsLength("[x]^{}\\~|")).toMatchObject({ encoding: "GSM-7", units: 17 });
    expect(smsLength(`${"a".repeat(159)}€`)).toMatchObject({ units: 161, segments: 2 });
    // 152 septets then an escape pair: the pair moves to the second part whole.
    expect(smsLength(`${"a".repeat(152)}€${"a".repeat(10)}`)).toMatchObject({
      units: 164,
      segments: 2,
      remaining: 141,
    });
    expect(isGsm7("Ahoj, Åsa! Ça coûte 5 £ — ")).toBe(false);
    expect(isGsm7("Ahoj, Åsa! Ça va? 5 £ @ Ü ß é")).toBe(true);
  });

  it("one character outside the alphabet makes it UCS-2: 70 in one part, 67 per part", () => {
    const czech = smsLength("Dobrý den, sleva 20 %");
    expect(czech).toMatchObject({ encoding: "UCS-2", units: 21, segments: 1, remaining: 49, nonGsm: ["ý"] });
    expect(smsLength("č".repeat(70))).toMatchObject({ encoding: "UCS-2", segments: 1 });
    expect(smsLength("č".repeat(71))).toMatchObject({ segments: 2, perSegment: 67 });
    expect(smsLength("č".repeat(134))).toMatchObject({ segments: 2 });
    expect(smsLength("č".repeat(135))).toMatchObject({ segments: 3 });
  });

  it("an emoji takes two UCS-2 units and is never split across parts", () => {
    expect(smsLength("🎉")).toMatchObject({ encoding: "UCS-2", characters: 1, units: 2 });
    expect(smsLength(`${"č".repeat(66)}🎉x`)).toMatchObject({ units: 69, segments: 1 });
    expect(smsLength(`${"č".repeat(66)}🎉${"č".repeat(10)}`)).toMatchObject({ units: 78, segments: 2 });
  });

  it("placeholders count as ten letters, their braces not as extension characters", () => {
    expect(smsLength(withPlaceholderEstimate("Hi {ph_customer.first_name}!"))).toMatchObject({
      encoding: "GSM-7",
      units: 14,
    });
  });

  it("refuses texts longer than Twilio (1,600) and Viber (1,000) take, at their field", () => {
    const ok = { channel_message_text: "a".repeat(1600), channel_fallback_message_text: "" };
    expect(channelLengthProblems("sms", ok)).toEqual([]);
    expect(channelLengthProblems("sms", { ...ok, channel_message_text: "a".repeat(1601) })).toEqual([
      { field: "channel_message_text", message: "an SMS takes at most 1,600 characters (this has 1,601)" },
    ]);
    expect(channelLengthProblems("viber", ok).map((p) => p.field)).toEqual(["channel_message_text"]);
    expect(
      channelLengthProblems("viber_sms", {
        channel_message_text: "a",
        channel_fallback_message_text: "b".repeat(1601),
      }),
    ).toEqual([{ field: "channel_fallback_message_text", message: expect.stringContaining("1,600") }]);
    expect(channelLengthProblems("email", { ...ok, channel_message_text: "a".repeat(5000) })).toEqual([]);
  });
});

describe("a Viber button's text", () => {
  it("takes at most 30 characters, counted as characters (an emoji is one)", () => {
    expect(ZViberButton.safeParse("b".repeat(30)).success).toBe(true);
    expect(ZViberButton.safeParse("🎁".repeat(30)).success).toBe(true);
    const long = ZViberButton.safeParse("b".repeat(31));
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.message).toBe("a Viber button's text takes at most 30 characters");
  });
});
