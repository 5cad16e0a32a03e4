"use client";
import { useEffect, useRef, useState } from "react";
import type { WheelResult, WheelSlice } from "@/lib/touchpoints/wheel";
import { sliceAngle, WheelSvg } from "./wheel-svg";

const SPIN_MS = 4800;

interface SpinAnswer {
  ok: boolean;
  message: string;
  result: WheelResult | null;
}

/** The rotation (degrees) that puts the middle of slice `index` under the pointer at the top. */
function restingAngle(index: number, count: number): number {
  const a = sliceAngle(count);
  return -(index * a + a / 2);
}

/**
 * The public wheel: Spin asks the server for the draw (POST /w/<token>/spin), turns the wheel a
 * few times to land on the won slice, then shows the message. A spun link shows its result.
 */
export function WheelGame({
  token,
  title,
  description,
  slices,
  spun,
  result,
}: {
  token: string;
  title: string;
  description: string;
  slices: WheelSlice[];
  spun: boolean;
  result: WheelResult | null;
}) {
  const indexOf = (r: WheelResult | null) => (r ? slices.findIndex((s) => s.position === r.slice.position) : -1);
  const [rotation, setRotation] = useState(() => {
    const i = indexOf(result);
    return i >= 0 ? restingAngle(i, slices.length) : 0;
  });
  const [phase, setPhase] = useState<"idle" | "asking" | "spinning" | "done">(spun ? "done" : "idle");
  const [answer, setAnswer] = useState<SpinAnswer | null>(spun ? { ok: false, message: "", result } : null);
  const [error, setError] = useState<string>();
  const [duration, setDuration] = useState(SPIN_MS);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function spin() {
    setError(undefined);
    setPhase("asking");
    let body: SpinAnswer;
    try {
      const response = await fetch(`/w/${encodeURIComponent(token)}/spin`, { method: "POST" });
      const payload = (await response.json().catch(() => null)) as (SpinAnswer & { detail?: string }) | null;
      if (!response.ok || !payload) throw new Error(payload?.detail ?? `The server answered ${response.status}.`);
      body = payload;
    } catch (e) {
      setError(e instanceof Error ? e.message : "The wheel could not be spun. Try again.");
      setPhase("idle");
      return;
    }
    const i = indexOf(body.result);
    if (i < 0) {
      setAnswer(body);
      setPhase("done");
      return;
    }
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    const ms = reduced ? 300 : SPIN_MS;
    const a = sliceAngle(slices.length);
    // Land somewhere inside the slice, not always on its middle line.
    const jitter = (Math.random() - 0.5) * a * 0.6;
    const target = restingAngle(i, slices.length) + jitter;
    setDuration(ms);
    setRotation((current) => {
      const turns = reduced ? 1 : 6;
      const delta = (((target - current) % 360) + 360) % 360;
      return current + turns * 360 + delta;
    });
    setPhase("spinning");
    timer.current = setTimeout(() => {
      setAnswer(body);
      setPhase("done");
    }, ms + 150);
  }

  const won = answer?.result ?? null;
  const already = spun || (answer !== null && !answer.ok && won !== null);

  return (
    <div className="space-y-5">
      <div>
        <p className="text-xs font-semibold tracking-wider text-indigo-600 uppercase">Wheel of fortune</p>
        <h1 className="mt-1 text-xl font-bold text-slate-900 sm:text-2xl">{title}</h1>
        {description && <p className="mt-2 text-sm text-slate-600">{description}</p>}
      </div>

      {slices.length === 0 ? (
        <p className="rounded-md bg-amber-50 p-4 text-sm text-amber-900">The wheel has no prizes right now.</p>
      ) : (
        <div className="relative mx-auto aspect-square w-full max-w-[340px]">
          {/* The pointer: fixed at the top, over the wheel. */}
          <svg
            viewBox="0 0 20 24"
            className="absolute top-[-6px] left-1/2 z-10 h-8 w-7 -translate-x-1/2 drop-shadow"
            aria-hidden="true"
          >
            <path d="M10 24 L0 0 L20 0 Z" fill="#e11d48" stroke="#ffffff" strokeWidth="1.5" />
          </svg>
          {/* Clipped to the circle: the turning square's corners must not widen the page on a phone. */}
          <div className="absolute inset-0 overflow-hidden rounded-full">
            <div
              data-testid="wheel"
              data-rotation={rotation}
              className="h-full w-full"
              style={{
                transform: `rotate(${rotation}deg)`,
                transition: phase === "spinning" ? `transform ${duration}ms cubic-bezier(0.15, 0.7, 0.12, 1)` : "none",
              }}
            >
              <WheelSvg slices={slices} />
            </div>
          </div>
        </div>
      )}

      {slices.length > 0 && phase !== "done" && (
        <button
          type="button"
          onClick={spin}
          disabled={phase !== "idle"}
          className="w-full rounded-full bg-indigo-600 px-6 py-3.5 text-lg font-bold text-white shadow-lg transition-colors hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60"
        >
          {phase === "idle" ? "Spin the wheel" : "Spinning…"}
        </button>
      )}

      <div aria-live="polite" className="space-y-3" data-testid="wheel-outcome">
        {phase === "done" && won && (
          <div className="rounded-lg bg-emerald-50 p-4 text-left ring-1 ring-emerald-200">
            {already && (
              <p className="text-xs font-semibold tracking-wide text-emerald-800 uppercase" data-testid="wheel-already">
                Already spun
              </p>
            )}
            <p className="mt-1 text-base font-semibold text-emerald-950" data-testid="wheel-prize">
              {won.slice.discount_percent !== null ? `${won.slice.discount_percent}% off ` : ""}
              {won.slice.item_name}
            </p>
            <p className="mt-1 text-sm text-emerald-900" data-testid="wheel-message">
              <ShortLinks text={already && answer?.message ? answer.message : won.message} />
            </p>
            <a
              href={won.link}
              className="mt-3 inline-flex w-full items-center justify-center rounded-md bg-emerald-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-emerald-700"
            >
              Redeem your prize
            </a>
          </div>
        )}
        {phase === "done" && !won && answer && (
          <p className="rounded-md bg-amber-50 p-4 text-sm text-amber-900" data-testid="wheel-message">
            {answer.message}
          </p>
        )}
        {error && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

const URL_PATTERN = /(https?:\/\/[^\s<>"]+[^\s<>".,;:!?)])/g;

/** A message's links as short clickable text (host and path), not a wall of query parameters. */
function ShortLinks({ text }: { text: string }) {
  return (
    <>
      {text.split(URL_PATTERN).map((part, i) => {
        if (i % 2 === 0) return part;
        let label = part;
        try {
          const url = new URL(part);
          label = `${url.host}${url.pathname === "/" ? "" : url.pathname}`;
        } catch {
          // Not a URL after all: shown as it is.
        }
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
          <a key={i} href={part} className="font-medium underline">
            {label}
          </a>
        );
      })}
    </>
  );
}
