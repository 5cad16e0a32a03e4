"use client";
import { useQuery } from "@tanstack/react-query";
import type { TBackgroundWork } from "@/lib/health/background-work";
import { apiFetch } from "../api/client";
import { queryKeys } from "../api/keys";
import { ProgressBar } from "../ui/progress-bar";

/** Polls faster while something runs, slowly when nothing does. */
const BUSY_MS = 3000;
const IDLE_MS = 15_000;

/**
 * The studio's background-work indicator (in the sidebar): the demo load and the model build with
 * their progress, calculations, exports and sends under way, so a page that waits on them says why.
 */
export function BackgroundWork() {
  const { data } = useQuery({
    queryKey: queryKeys.system.backgroundWork(),
    queryFn: () => apiFetch<TBackgroundWork>("/system/background-work"),
    refetchInterval: (query) => (query.state.data?.tasks.length ? BUSY_MS : IDLE_MS),
    refetchIntervalInBackground: false,
  });
  const tasks = data?.tasks ?? [];
  return (
    <section role="status" aria-live="polite" aria-label="Background work" data-testid="background-work">
      {tasks.length > 0 && (
        <ul className="space-y-2 rounded-md bg-indigo-50 px-3 py-2 text-xs text-indigo-950">
          {tasks.map((task) => (
            <li key={task.kind} className="space-y-1">
              <p>
                {task.label}
                {task.percent !== null ? <span className="tabular-nums"> {task.percent}%</span> : null}
              </p>
              {task.total !== null && task.done !== null && (
                <ProgressBar value={task.done} max={task.total} label={task.label} />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
