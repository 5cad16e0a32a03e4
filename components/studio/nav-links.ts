import type { Role } from "@/lib/auth/roles";

export interface NavLink {
  href: string;
  label: string;
}

export function studioLinks(role: Role): NavLink[] {
  return [
    { href: "/touchpoints", label: "Touchpoints" },
    { href: "/campaigns", label: "Campaigns" },
    // Approving is for advanced and super users (the page answers role user with a 403 too).
    ...(role !== "user" ? [{ href: "/approvals", label: "Approvals" }] : []),
    { href: "/audiences", label: "Audiences" },
    { href: "/data", label: "Data" },
    { href: "/outbox", label: "Outbox" },
    ...(role === "super" ? [{ href: "/settings", label: "Settings" }] : []),
    { href: "/docs", label: "API docs" },
  ];
}
