import { handlers } from "@/lib/auth/authjs";

export const { GET, POST } = handlers;
