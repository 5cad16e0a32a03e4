import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { clientAddress, PEER_HEADER } from "./client-address";
import { parseProxies } from "./proxies";

const headers = (h: Record<string, string>) => ({ get: (name: string) => h[name.toLowerCase()] ?? null });

function trust(list: string) {
  process.env.TRUSTED_PROXIES = list;
  resetEnvCache();
}

afterEach(() => {
  delete process.env.TRUSTED_PROXIES;
  resetEnvCache();
});

describe("clientAddress", () => {
  it("is the socket's peer, whatever X-Forwarded-For says, when no proxy is trusted (the default)", () => {
    expect(clientAddress(headers({ [PEER_HEADER]: "203.0.113.9", "x-forwarded-for": "1.2.3.4" }))).toBe("203.0.113.9");
    expect(clientAddress(headers({ [PEER_HEADER]: "::ffff:203.0.113.9" }))).toBe("203.0.113.9");
  });

  it("believes X-Forwarded-For from a trusted proxy: the right-most address that is not a proxy", () => {
    trust("10.0.0.0/8, 127.0.0.1");
    const h = (xff: string) => headers({ [PEER_HEADER]: "10.1.2.3", "x-forwarded-for": xff });
    expect(clientAddress(h("198.51.100.7"))).toBe("198.51.100.7");
    // A client's own X-Forwarded-For entry sits left of what the proxies appended: not believed.
    expect(clientAddress(h("6.6.6.6, 198.51.100.7, 10.9.9.9"))).toBe("198.51.100.7");
    // A peer that is not a trusted proxy: its header is ignored.
    expect(clientAddress(headers({ [PEER_HEADER]: "192.0.2.1", "x-forwarded-for": "6.6.6.6" }))).toBe("192.0.2.1");
  });

  it("is 'local' for calls that did not come through the server (tests, scripts)", () => {
    expect(clientAddress(headers({ "x-forwarded-for": "1.2.3.4" }))).toBe("local");
  });

  it("refuses a bad TRUSTED_PROXIES entry with a message naming it", () => {
    expect(parseProxies("10.0.0.0/8,nonsense")).toBe('"nonsense" is not an IP address or CIDR range');
    expect(parseProxies("10.0.0.0/40")).toBe('"10.0.0.0/40" has a bad prefix length');
    expect(typeof parseProxies("")).toBe("object");
  });
});
