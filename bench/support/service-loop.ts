/**
 * The service's own event-loop delay as GET /api/health reports it (lib/health/event-loop.ts: the
 * web thread's monitorEventLoopDelay, a recent window of up to 60 s and since start), followed
 * over a bench phase: feed it every health answer's body (see), read the phase's figures (cut).
 */
export interface DelaySummary {
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
}
export interface EventLoop {
  recent: DelaySummary & { window_s: number };
  since_start: DelaySummary;
  stalls_over_200ms: number;
  longest_stall_ms: number;
}

/** A window younger than this counts for the max only (see ServiceLoop.see). */
const MIN_WINDOW_S = 5;

/**
 * /api/health's event_loop over one phase: the latest seen and the worst recent window begun within
 * the phase (p99: of 5 s or more). The service's window is reset every minute, so the first one a
 * phase sees may have begun before it: left out (its worst delay reported apart).
 */
export class ServiceLoop {
  private latest: EventLoop | null = null;
  private maxRecentP99 = 0;
  private maxRecentMax = 0;
  /** How far before the phase's start the windows left out began, and their worst delay. */
  private reachBackS = 0;
  private beforeMax = 0;
  private seen = 0;
  private phaseStart = performance.now();

  /** Seconds since the service's recent window began, as last seen (undefined: not seen yet). */
  windowAge(): number | undefined {
    return this.latest?.recent.window_s;
  }

  see(body: string): void {
    const loop = (JSON.parse(body) as { event_loop?: EventLoop | null }).event_loop;
    if (!loop) return;
    this.latest = loop;
    const inPhaseS = (performance.now() - this.phaseStart) / 1000;
    const reachBack = loop.recent.window_s - inPhaseS;
    if (reachBack > 1) {
      // A window that began before the phase (start-up's module loading, the phase before):
      // its figures are kept apart, not the phase's.
      this.reachBackS = Math.max(this.reachBackS, Math.round(reachBack));
      this.beforeMax = Math.max(this.beforeMax, loop.recent.max_ms);
      return;
    }
    // A window a few seconds old holds a few hundred samples: its p99 is its one worst delay.
    if (loop.recent.window_s >= MIN_WINDOW_S) this.maxRecentP99 = Math.max(this.maxRecentP99, loop.recent.p99_ms);
    this.maxRecentMax = Math.max(this.maxRecentMax, loop.recent.max_ms);
    this.seen++;
  }

  /** The phase's figures (start-up is judged by since_start; later phases by the worst recent window seen in them); the next phase starts. */
  cut(sinceStart = false) {
    const { latest } = this;
    const figures = {
      basis: sinceStart
        ? "since_start at the end of the phase"
        : "worst recent window (up to 60 s) begun within the phase (windows begun before it left out)",
      // No window begun within the phase seen (a phase shorter than the service's minute): none.
      p99_ms: latest ? (sinceStart ? latest.since_start.p99_ms : this.seen ? this.maxRecentP99 : null) : null,
      max_ms: latest ? (sinceStart ? latest.since_start.max_ms : this.seen ? this.maxRecentMax : null) : null,
      max_recent_p99_ms: this.maxRecentP99,
      max_recent_max_ms: this.maxRecentMax,
      windows_left_out: { reached_back_s: this.reachBackS, max_ms: this.beforeMax },
      health_answers_with_event_loop: this.seen,
      latest,
    };
    this.latest = null;
    this.maxRecentP99 = 0;
    this.maxRecentMax = 0;
    this.reachBackS = 0;
    this.beforeMax = 0;
    this.seen = 0;
    this.phaseStart = performance.now();
    return figures;
  }
}
export type LoopFigures = ReturnType<ServiceLoop["cut"]>;
