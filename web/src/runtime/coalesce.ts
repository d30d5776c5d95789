// At most one computation per animation frame, one at a time, never a stale
// one. A widget's inputs can arrive far faster than the core answers (a drag
// fires a pointer event every few milliseconds); queueing each would make
// the picture trail the pointer by a growing backlog. Instead a request only
// marks the widget "to recompute": the task reads the controls' values when
// it starts, so whatever runs next is the latest state, and everything asked
// while it ran is served by that one run.

/** How long a frame gate may stay shut when no frame comes (a hidden tab pauses requestAnimationFrame). */
const FRAME_FALLBACK_MS = 100;
/**
 * A run this old no longer holds back the next one. The core answers in
 * milliseconds; a run that takes a second is stuck behind a long
 * computation, and only a new request lets the core client stop it
 * (runtime/worker-core.ts). Its late answer is dropped by the widget, which
 * shows only its newest run's.
 */
const OVERDUE_MS = 1000;

export class FrameCoalescer {
  private inFlight = 0;
  private lastStart = 0;
  private gateShut = false;
  /** Earliest event time among the requests the next run serves (the latency it reports). */
  private pendingSince: number | null = null;
  private waiters: Array<{ resolve: () => void; reject: (e: unknown) => void }> = [];

  constructor(private readonly task: (started: number) => Promise<void>) {}

  /** Ask for a run; settles when a run that started after this call has finished. */
  request(started: number): Promise<void> {
    this.pendingSince = this.pendingSince === null ? started : Math.min(this.pendingSince, started);
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    this.pump();
    return done;
  }

  private pump(): void {
    if (this.gateShut || this.pendingSince === null) return;
    if (this.inFlight > 0 && performance.now() - this.lastStart < OVERDUE_MS) return;
    const started = this.pendingSince;
    const waiters = this.waiters;
    this.pendingSince = null;
    this.waiters = [];
    this.inFlight += 1;
    this.lastStart = performance.now();
    this.shutGateUntilNextFrame();
    this.task(started).then(
      () => this.finish(waiters, (w) => w.resolve()),
      (err: unknown) => this.finish(waiters, (w) => w.reject(err)),
    );
  }

  private finish(waiters: typeof this.waiters, settle: (w: (typeof this.waiters)[number]) => void): void {
    this.inFlight -= 1;
    waiters.forEach(settle);
    this.pump();
  }

  private shutGateUntilNextFrame(): void {
    this.gateShut = true;
    let open = false;
    const reopen = (): void => {
      if (open) return;
      open = true;
      this.gateShut = false;
      this.pump();
    };
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(reopen);
    setTimeout(reopen, FRAME_FALLBACK_MS);
  }
}
