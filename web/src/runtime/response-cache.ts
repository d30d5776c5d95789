// The core's answers kept by request. The core is a pure function of the
// request text (an imported model travels inside the request as a spec, the
// core keeps nothing between calls), so an identical request always gets an
// identical response. A drag sweeps back and forth over the same stops, and
// several widgets of a page ask the same things: each such request then
// crosses to the core worker once. Requests asked again while the first is
// still on its way share its answer instead of queueing behind it.
//
// Only answers are kept: a request the transport could not complete (the
// worker was stopped or trapped, runtime/worker-core.ts) is asked again next
// time. The core's refusals are answers like any other and are kept too.

/** Entries kept per page: a drag's stops on one figure, with room for the page's other widgets. */
export const KEPT_RESPONSES = 64;
/** A response longer than this (a 1,000-point curve with every display) is not kept: memory, not time, is what it would cost. */
export const LONGEST_KEPT = 256 * 1024;

export class ResponseCache {
  /** Insertion order is recency: a hit moves its entry to the end. */
  private readonly kept = new Map<string, string>();
  private readonly inFlight = new Map<string, Promise<string>>();

  constructor(
    private readonly ask: (request: string) => Promise<string> | string,
    private readonly capacity = KEPT_RESPONSES,
  ) {}

  /** The response to `request`: kept, shared with an identical request on its way, or asked now. */
  evaluate(request: string): Promise<string> {
    const hit = this.kept.get(request);
    if (hit !== undefined) {
      this.kept.delete(request);
      this.kept.set(request, hit);
      return Promise.resolve(hit);
    }
    const pending = this.inFlight.get(request);
    if (pending) return pending;
    const asked = Promise.resolve()
      .then(() => this.ask(request))
      .then(
        (response) => {
          this.inFlight.delete(request);
          this.keep(request, response);
          return response;
        },
        (error: unknown) => {
          this.inFlight.delete(request);
          throw error;
        },
      );
    this.inFlight.set(request, asked);
    return asked;
  }

  /** How many responses are kept now (tests). */
  get size(): number {
    return this.kept.size;
  }

  private keep(request: string, response: string): void {
    if (response.length > LONGEST_KEPT) return;
    this.kept.set(request, response);
    while (this.kept.size > this.capacity) this.kept.delete(this.kept.keys().next().value!);
  }
}
