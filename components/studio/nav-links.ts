export interface NavLink {
  href: string;
  label: string;
}

export function studioLinks(isSuper: boolean): NavLink[] {
  return [
    { href: "/touchpoints", label: "Touchpoints" },
    { href: "/campaigns", label: "Campaigns" },
    { href: "/audiences", label: "Audiences" },
    { href: "/data", label: "Data" },
    { href: "/outbox", label: "Outbox" },
    ...(isSuper ? [{ href: "/settings", label: "Settings" }] : []),
    { href: "/docs", label: "API docs" },
  ];
}
