import { describe, expect, it } from "vitest";
import { bounceOf, parseReport } from "./parse-report";
import { returnPathFor, verpTokenOf } from "./verp";

const id = `cm-${"a".repeat(40)}`;

describe("VERP", () => {
  it("round-trips a message id through the return path, in any case", () => {
    const path = returnPathFor(id, "bounces.example")!;
    expect(path).toBe(`bounce+${id}@bounces.example`);
    expect(path.split("@")[0]!.length).toBeLessThanOrEqual(64);
    expect(verpTokenOf(path.toUpperCase())).toBe(id);
    expect(verpTokenOf("someone@bounces.example")).toBeUndefined();
    expect(returnPathFor(id, undefined)).toBeUndefined();
  });
});

describe("reports", () => {
  it("classifies DSN recipients", () => {
    expect(bounceOf("failed", "5.1.1", "")).toBe("hard");
    expect(bounceOf("failed", "4.2.2", "")).toBe("soft");
    expect(bounceOf("failed", "", "smtp; 452 mailbox full")).toBe("soft");
    expect(bounceOf("delayed", "4.4.7", "")).toBeUndefined();
    expect(bounceOf("delivered", "2.0.0", "")).toBeUndefined();
  });

  it("reads a base64 delivery-status part and the original Message-ID", () => {
    const status = Buffer.from(
      "Reporting-MTA: dns; mx.test\r\n\r\nFinal-Recipient: rfc822; A@B.test\r\nAction: failed\r\nStatus: 5.7.1\r\n",
    ).toString("base64");
    const raw = [
      "To: postmaster@x.test",
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
      "",
      "--b",
      "Content-Type: text/plain",
      "",
      "failed",
      "--b",
      "Content-Type: message/delivery-status",
      "Content-Transfer-Encoding: base64",
      "",
      status,
      "--b",
      "Content-Type: message/rfc822",
      "",
      `Message-ID: <${id}@shop.test>`,
      "",
      "body",
      "--b--",
    ].join("\r\n");
    expect(parseReport(raw)).toEqual({
      kind: "dsn",
      tokens: [],
      messageIds: [id],
      recipients: [{ recipient: "a@b.test", action: "failed", status: "5.7.1", diagnostic: "", bounce: "hard" }],
    });
    expect(parseReport("Subject: hi\r\n\r\nplain mail")).toBeUndefined();
  });
});
