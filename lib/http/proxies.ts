/** TRUSTED_PROXIES: IP addresses and CIDR ranges, as node:net BlockList. */
import { BlockList, isIP } from "node:net";

/** A list of IP addresses and CIDR ranges ("10.0.0.0/8, 127.0.0.1, ::1"), or an error message. */
export function parseProxies(text: string): BlockList | string {
  const list = new BlockList();
  for (const entry of text
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [address = "", bits] = entry.split("/");
    const family = isIP(address);
    if (family === 0) return `"${entry}" is not an IP address or CIDR range`;
    const type = family === 4 ? "ipv4" : "ipv6";
    if (bits === undefined) list.addAddress(address, type);
    else {
      const prefix = Number(bits);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128)) {
        return `"${entry}" has a bad prefix length`;
      }
      list.addSubnet(address, prefix, type);
    }
  }
  return list;
}
