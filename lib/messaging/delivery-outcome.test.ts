import { describe, expect, it } from "vitest";
import { infobipOutcome, twilioOutcome } from "./delivery-outcome";

describe("provider delivery outcomes", () => {
  it("maps Twilio statuses and error codes", () => {
    expect(twilioOutcome("delivered", undefined)).toBe("delivered");
    expect(twilioOutcome("sent", undefined)).toBeUndefined();
    expect(twilioOutcome("undelivered", "30005")).toBe("hard");
    expect(twilioOutcome("failed", "30006")).toBe("hard");
    expect(twilioOutcome("undelivered", "21610")).toBe("stop");
    expect(twilioOutcome("undelivered", "30003")).toBe("soft");
    expect(twilioOutcome("undelivered", "30007")).toBe("failed");
    expect(twilioOutcome("failed", undefined)).toBe("failed");
  });

  it("maps Infobip status groups and handset errors", () => {
    expect(infobipOutcome("DELIVERED", { groupId: 0, id: 0 })).toBe("delivered");
    expect(infobipOutcome("PENDING", null)).toBeUndefined();
    expect(infobipOutcome("UNDELIVERABLE", { groupId: 1, id: 1, permanent: true })).toBe("hard");
    expect(infobipOutcome("UNDELIVERABLE", { groupId: 1, id: 1 })).toBe("hard");
    expect(infobipOutcome("UNDELIVERABLE", { groupId: 1, id: 27, permanent: false })).toBe("soft");
    expect(infobipOutcome("EXPIRED", null)).toBe("soft");
    expect(infobipOutcome("REJECTED", { groupId: 2, id: 51, permanent: true })).toBe("failed");
  });
});
