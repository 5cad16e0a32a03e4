const ACCOUNTS = [
  { email: "marketer@example.com", role: "marketer (user)" },
  { email: "advanced@example.com", role: "advanced" },
  { email: "super@example.com", role: "super" },
];

/**
 * This is a demo build: the start script creates these accounts on an empty database. A password
 * changed through DEMO_PASSWORD is not printed on a public page.
 */
export function DemoAccounts({ password }: { password: string }) {
  const isDefault = password === "demo-password";
  return (
    <aside
      aria-labelledby="demo-accounts-title"
      className="rounded-lg bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200"
    >
      <h2 id="demo-accounts-title" className="font-semibold">
        Demo accounts
      </h2>
      <p className="mt-1">
        Password for all:{" "}
        {isDefault ? (
          <code className="rounded bg-amber-100 px-1 font-mono">demo-password</code>
        ) : (
          "the one set in DEMO_PASSWORD"
        )}
      </p>
      <ul className="mt-2 space-y-1">
        {ACCOUNTS.map((account) => (
          <li key={account.email} className="flex flex-wrap justify-between gap-x-3">
            <code className="font-mono">{account.email}</code>
            <span className="text-amber-800">{account.role}</span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
