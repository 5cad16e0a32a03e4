import { describe, expect, it } from "vitest";
import { connectTimeoutMs, heartbeatSeconds, listenHeartbeatTimeoutMs } from "./boss";
import { JOBS } from "./names";
import { recordTaken } from "./taken";

describe("pg-boss's connection wait", () => {
  it("is pg-boss's 10 s where no long step runs, and a build step's bound in a thread that takes builds", () => {
    expect(connectTimeoutMs()).toBe(10_000);
    expect(listenHeartbeatTimeoutMs()).toBe(5_000);
    recordTaken([JOBS.deliverSend]);
    expect(connectTimeoutMs()).toBe(10_000);
    expect(listenHeartbeatTimeoutMs()).toBe(5_000);
    recordTaken([JOBS.buildModels]);
    // The listener's heartbeat answer waits as long (it was read only after a step ended).
    expect(listenHeartbeatTimeoutMs()).toBe(600_000);
    // Past the builds' heartbeat: a step at background priority stretches behind a busy web process.
    expect(connectTimeoutMs()).toBeGreaterThan(heartbeatSeconds(JOBS.buildModels) * 1000);
    expect(connectTimeoutMs()).toBe(600_000);
  });
});
