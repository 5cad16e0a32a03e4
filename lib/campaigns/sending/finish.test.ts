import { describe, expect, it } from "vitest";
import { nothingSentReason } from "./finish";

const left = (failed: number, skipped: number, error: string | null = null) => ({
  open: 0,
  sent: 0,
  failed,
  skipped,
  error,
});

describe("why nothing was sent", () => {
  it("says every message failed, with an example, when none was skipped", () => {
    expect(nothingSentReason(left(3, 0, "twilio answered 400"), [])).toBe(
      "every message failed (3); for example: twilio answered 400",
    );
  });

  it("says all were skipped, with the counts per reason, when none failed", () => {
    expect(
      nothingSentReason(left(0, 3), [
        { why: "skipped: the customer withdrew consent after the send was prepared", n: 2 },
        { why: "skipped: the customer was deleted after the send was prepared", n: 1 },
      ]),
    ).toBe(
      "all 3 messages were skipped at send time, none was sent; 2 because the customer withdrew consent after the send was prepared; 1 because the customer was deleted after the send was prepared",
    );
    expect(nothingSentReason(left(0, 1), [])).toBe("the one message was skipped at send time, none was sent");
  });

  it("gives both counts when some failed and the others were skipped", () => {
    expect(
      nothingSentReason(left(1, 2, "smtp 550"), [
        { why: "skipped: the address was suppressed after the send was prepared (complaint)", n: 2 },
      ]),
    ).toBe(
      "nothing was sent: 1 message failed (for example: smtp 550) and 2 messages were skipped at send time; 2 because the address was suppressed after the send was prepared (complaint)",
    );
  });
});
