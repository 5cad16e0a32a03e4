"use server";
import { redirect } from "next/navigation";
import { z } from "zod";
import { createFirstSuperUser } from "@/lib/auth/first-run";
import { ApiError } from "@/lib/http/errors";

export type SetupResult = { error?: string; fieldErrors?: Record<string, string> } | undefined;

/** Creates the first super user (lib/auth/first-run.ts), then leads to sign-in. */
export async function setupAction(values: {
  token: string;
  email: string;
  name: string;
  password: string;
}): Promise<SetupResult> {
  try {
    await createFirstSuperUser(values);
  } catch (error) {
    if (error instanceof z.ZodError) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of error.issues) fieldErrors[String(issue.path.at(-1))] ??= issue.message;
      return { fieldErrors };
    }
    if (error instanceof ApiError) return { error: error.detail };
    throw error;
  }
  redirect("/sign-in");
}
