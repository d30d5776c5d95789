// Widget state ⇄ URL hash, written once for every widget.
//
// Format: #<widget>:<k>=<v>&<k>=<v>;<widget>:…   e.g.
//   #table-2-1:B=4&S=4096&P=1024&m=4;capacity:model=qwen3-32b&gpu=h100-sxm
// Values are form-urlencoded, so ';' ':' '&' '=' inside a value stay escaped.
// Only keys that differ from a widget's defaults are written, keeping links
// short; a segment without ':' (a plain #anchor such as #tab-2-1) is not state,
// and one whose name is not valid percent-encoding is ignored.

import { decodeOrUndefined } from './decode';
import { sameParams, type Params, type StateStore } from './state-store';

export type { Params };

export function parseHash(hash: string): Map<string, Params> {
  const out = new Map<string, Params>();
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  for (const segment of body.split(';')) {
    const colon = segment.indexOf(':');
    if (colon <= 0) continue;
    const name = decodeOrUndefined(segment.slice(0, colon));
    if (name === undefined) {
      // A widget name no page writes: drop this segment only, so every widget still starts.
      console.warn(`Tally: ignored a part of the link that is not valid percent-encoding: ${segment.slice(0, 80)}`);
      continue;
    }
    // URLSearchParams decodes leniently (a malformed escape stays as it is), so values never throw.
    out.set(name, new Map(new URLSearchParams(segment.slice(colon + 1))));
  }
  return out;
}

export function formatHash(state: Map<string, Params>): string {
  const segments: string[] = [];
  for (const [name, params] of state) {
    if (params.size === 0) continue;
    segments.push(`${encodeURIComponent(name)}:${new URLSearchParams([...params]).toString()}`);
  }
  return segments.length ? `#${segments.join(';')}` : '';
}

/**
 * Holds every widget's state segment in memory and mirrors it into the URL with
 * replaceState (no history entry per keystroke, no hashchange event). If the
 * reader follows an in-page anchor the URL loses the state, but the next change
 * writes all widgets back from memory.
 */
export class HashStore implements StateStore {
  private state: Map<string, Params>;
  private readonly listeners = new Map<string, (params: Params) => void>();
  private timer: number | undefined;
  private dirty = false;
  /** The hash as this store last saw or wrote it: any other hash came from a navigation. */
  private seenHash: string;
  static readonly WRITE_DELAY_MS = 120;

  constructor(private readonly win: Window) {
    this.state = parseHash(win.location.hash);
    this.seenHash = win.location.hash;
    // Do not lose a pending write when the reader leaves or reloads.
    win.addEventListener('pagehide', () => this.flush());
    // A pasted link or back/forward to a state URL re-applies that state.
    win.addEventListener('hashchange', () => this.adoptNavigatedHash());
  }

  /**
   * A hash the reader navigated to wins over pending writes for the widgets
   * it names. It is adopted on hashchange, and also before a pending write
   * is flushed: a navigation followed at once by a reload fires pagehide
   * before hashchange, and the flush would otherwise write the old state
   * over the link the reader just opened.
   */
  private adoptNavigatedHash(): void {
    const hash = this.win.location.hash;
    if (hash === this.seenHash) return;
    this.seenHash = hash;
    for (const [name, params] of parseHash(hash)) {
      if (sameParams(this.state.get(name), params)) continue;
      this.state.set(name, params);
      this.listeners.get(name)?.(params);
    }
  }

  /** The widget's saved params (empty map if none). */
  read(name: string): Params {
    return new Map(this.state.get(name) ?? []);
  }

  /** Called when the URL later carries a different state for this widget. */
  subscribe(name: string, listener: (params: Params) => void): void {
    this.listeners.set(name, listener);
  }

  write(name: string, params: Params): void {
    if (sameParams(this.state.get(name) ?? new Map(), params)) return;
    if (params.size) this.state.set(name, params);
    else this.state.delete(name);
    // Coalesce: typing fires an input event per keystroke, and browsers both
    // charge for and rate-limit history.replaceState. The URL catches up a
    // moment after the last change instead of on every keystroke.
    this.dirty = true;
    this.win.clearTimeout(this.timer);
    this.timer = this.win.setTimeout(() => this.flush(), HashStore.WRITE_DELAY_MS);
  }

  /** Write the pending state (if any) into the URL now. */
  flush(): void {
    this.win.clearTimeout(this.timer);
    if (!this.dirty) return; // never rewrite a URL the reader did not change (e.g. #tab-2-1)
    this.dirty = false;
    this.adoptNavigatedHash();
    const { pathname, search, hash } = this.win.location;
    const next = formatHash(this.state);
    if (next !== hash) this.win.history.replaceState(this.win.history.state, '', `${pathname}${search}${next}`);
    this.seenHash = this.win.location.hash;
  }
}
