/**
 * The typed SDK (sdk/) driven through a whole scenario against the real route handlers (an
 * in-process fetch): what an integrator's code does, typed end to end.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { startWorkers } from "@/lib/jobs/registry";
import { scenario } from "@/sdk/scenario";
import { inProcessFetch } from "./support/in-process-fetch";

describe("the typed SDK", () => {
  // The background work a running instance does: the touchpoint's calculation, the export.
  beforeAll(() => startWorkers({ concurrency: 1 }));

  it("signs in, sets up a touchpoint, takes in data, exports an audience, gets a campaign approved", async () => {
    const report = await scenario({
      baseUrl: "http://localhost/api/latest",
      fetch: await inProcessFetch(),
      author: { username: "marketer@example.com", password: "demo-password" },
      approver: { username: "advanced@example.com", password: "demo-password" },
    });
    expect(report.steps[0]).toBe("signed in as marketer@example.com (user)");
    expect(report.contentItems).toBeGreaterThan(0);
    expect(report.campaignStatus).toBe("Approved");
    expect(report.invalidField).toEqual(["body", "position_name"]);
    expect(report.unknownCampaign).toBe("not_found");
  });
});
