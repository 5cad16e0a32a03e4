import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { countRequest, operationFigures, registerRequestMetrics } from "./request-figures";

/** The value of one sample line of the Prometheus text, undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("request figures", () => {
  it("count per status and time bucket, read as Prometheus counters and a histogram at scrape time", async () => {
    const registry = new Registry();
    registerRequestMetrics(registry);
    const route = "/figures-test/{id}";
    const figures = operationFigures("GET", route);
    expect(operationFigures("GET", route)).toBe(figures); // one object per operation
    countRequest(figures, 200, 0.4); // <= 1 ms
    countRequest(figures, 200, 1); // <= 1 ms (bounds are inclusive, as prom-client's)
    countRequest(figures, 404, 3); // <= 5 ms
    countRequest(figures, 500, 20_000); // past 10 s: only +Inf
    const text = await registry.metrics();
    const labels = `method="GET",route="${route}"`;
    expect(text).toContain("# TYPE lumen_http_requests_total counter");
    expect(text).toContain("# TYPE lumen_http_request_duration_seconds histogram");
    expect(sample(text, `lumen_http_requests_total{${labels},status="200"}`)).toBe(2);
    expect(sample(text, `lumen_http_requests_total{${labels},status="404"}`)).toBe(1);
    expect(sample(text, `lumen_http_requests_total{${labels},status="500"}`)).toBe(1);
    const bucket = (le: string) => sample(text, `lumen_http_request_duration_seconds_bucket{le="${le}",${labels}}`);
    expect(bucket("0.001")).toBe(2);
    expect(bucket("0.0025")).toBe(2);
    expect(bucket("0.005")).toBe(3);
    expect(bucket("10")).toBe(3);
    expect(bucket("+Inf")).toBe(4);
    expect(sample(text, `lumen_http_request_duration_seconds_count{${labels}}`)).toBe(4);
    expect(sample(text, `lumen_http_request_duration_seconds_sum{${labels}}`)).toBeCloseTo(20.0044, 6);
    const json = await registry.getMetricsAsJSON();
    expect(json.map((m) => m.name)).toEqual(["lumen_http_requests_total", "lumen_http_request_duration_seconds"]);
  });
});
