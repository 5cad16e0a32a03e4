import { describe, expect, it } from "vitest";
import { hashSecret, needsRehash, SCRYPT_PARAMS, verifySecret } from "./password";
import { isCommonPassword, ZNewPassword } from "./password-policy";

describe("password hashes", () => {
  it("use OWASP's scrypt parameters, stored in the hash, and verify", async () => {
    const hash = await hashSecret("a long enough passphrase");
    expect(hash.startsWith(`scrypt$${2 ** 17}$8$1$`)).toBe(true);
    expect(SCRYPT_PARAMS).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    expect(needsRehash(hash)).toBe(false);
    expect(await verifySecret("a long enough passphrase", hash)).toBe(true);
    expect(await verifySecret("a long enough passphrasf", hash)).toBe(false);
  });

  it("verify an older hash by its own parameters and ask for a rehash", async () => {
    // Made with the earlier N=2^15 (as stored before this release).
    const salt = Buffer.from("0123456789abcdef").toString("base64");
    const { scryptSync } = await import("node:crypto");
    const key = scryptSync("old password here", Buffer.from(salt, "base64"), 32, {
      N: 2 ** 15,
      r: 8,
      p: 1,
      maxmem: 64 * 1024 * 1024,
    });
    const old = `scrypt$${2 ** 15}$8$1$${salt}$${key.toString("base64")}`;
    expect(await verifySecret("old password here", old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
  });

  it("refuse malformed or absurd stored parameters without hashing", async () => {
    expect(await verifySecret("x", "scrypt$3$8$1$AAAA$AAAA")).toBe(false);
    expect(await verifySecret("x", `scrypt$${2 ** 30}$8$1$AAAA$AAAA`)).toBe(false);
    expect(await verifySecret("x", "bcrypt$whatever")).toBe(false);
  });
});

describe("password rules (OWASP ASVS 2.1)", () => {
  it("want 12 to 128 characters of any kind, and no common password", () => {
    expect(ZNewPassword.safeParse("short pass").success).toBe(false);
    expect(ZNewPassword.safeParse("twelve chars").success).toBe(true);
    expect(ZNewPassword.safeParse("x".repeat(128)).success).toBe(true);
    expect(ZNewPassword.safeParse("x".repeat(129)).success).toBe(false);
    expect(ZNewPassword.safeParse("ünïcødé pässwörd ✓").success).toBe(true);
    expect(isCommonPassword("qwerty123456")).toBe(true);
    expect(isCommonPassword("QWERTY123456")).toBe(true);
    const common = ZNewPassword.safeParse("1qaz2wsx3edc");
    expect(common.success).toBe(false);
    expect(common.error?.issues[0]?.message).toMatch(/common/);
  });
});
