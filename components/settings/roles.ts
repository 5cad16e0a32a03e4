import { ROLES, type Role } from "@/lib/auth/roles";

const LABELS: Record<Role, string> = { user: "Marketer (user)", advanced: "Advanced", super: "Super" };

export const ROLE_OPTIONS = ROLES.map((value) => ({ value, label: LABELS[value] }));
