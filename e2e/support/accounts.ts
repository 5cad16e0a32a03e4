/** The demo users the start script creates on an empty database (lib/auth/users.ts DEMO_USERS). */
export const DEMO_PASSWORD = "demo-password";

export const DEMO_ACCOUNTS = [
  { role: "user", email: "marketer@example.com" },
  { role: "advanced", email: "advanced@example.com" },
  { role: "super", email: "super@example.com" },
] as const;

export type DemoRole = (typeof DEMO_ACCOUNTS)[number]["role"];

/** Cookies of a user signed in by e2e/auth.setup.ts. */
export const storageStatePath = (role: DemoRole) => `e2e/.auth/${role}.json`;
