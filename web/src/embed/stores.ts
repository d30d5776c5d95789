// State stores for embedded widgets (see runtime/state-store.ts).
import type { Params } from '../runtime/hash-state';
import { sameParams, type StateStore } from '../runtime/state-store';
import { RESERVED_KEYS } from './protocol';

/** Widget params from a query string, without the embed contract's own keys. */
export function widgetParams(search: string): Params {
  const params: Params = new Map();
  for (const [k, v] of new URLSearchParams(search)) if (!RESERVED_KEYS.includes(k)) params.set(k, v);
  return params;
}

/**
 * embed.html?w=<instance>&<state>&v=<version>: one widget, its state in the
 * query string. Changes are mirrored with replaceState (coalesced like the
 * chapter's hash), so reloading the frame keeps what the reader set.
 */
export class QueryStore implements StateStore {
  private params: Params;
  private timer: number | undefined;
  static readonly WRITE_DELAY_MS = 120;

  constructor(private readonly win: Window) {
    this.params = widgetParams(win.location.search);
  }

  read(): Params {
    return new Map(this.params);
  }

  // The query string only changes by navigation, which reloads the frame.
  subscribe(): void {}

  write(_name: string, params: Params): void {
    if (sameParams(this.params, params)) return;
    this.params = new Map(params);
    this.win.clearTimeout(this.timer);
    this.timer = this.win.setTimeout(() => {
      const url = new URL(this.win.location.href);
      const next = new URLSearchParams();
      for (const [k, v] of url.searchParams) if (RESERVED_KEYS.includes(k)) next.set(k, v);
      for (const [k, v] of this.params) next.set(k, v);
      url.search = next.toString();
      this.win.history.replaceState(this.win.history.state, '', url.href);
    }, QueryStore.WRITE_DELAY_MS);
  }
}

/**
 * <tally-widget state="model=qwen3-32b&ctx=32768">: the element's own state.
 * The reader's changes are reflected into the attribute; a host that sets the
 * attribute re-applies it. With `url` (the element's hash-state attribute)
 * the state is also kept in the page URL under the widget's name: a state
 * found there on load wins over the attribute, each change is written there,
 * and a pasted link's state is applied.
 */
export class AttributeStore implements StateStore {
  private params: Params;
  private listener: ((params: Params) => void) | undefined;

  constructor(
    initial: string,
    private readonly url?: { store: StateStore; name: string },
  ) {
    const linked = url?.store.read(url.name);
    this.params = linked?.size ? linked : widgetParams(initial);
  }

  read(): Params {
    return new Map(this.params);
  }

  subscribe(_name: string, listener: (params: Params) => void): void {
    this.listener = listener;
    this.url?.store.subscribe(this.url.name, (params) => {
      this.params = new Map(params);
      listener(params);
    });
  }

  write(_name: string, params: Params): void {
    this.params = new Map(params);
    this.url?.store.write(this.url.name, params);
  }

  /** The attribute changed: apply it unless it is what the widget already shows. */
  set(text: string): void {
    const next = widgetParams(text);
    if (sameParams(next, this.params)) return;
    this.params = next;
    this.listener?.(next);
  }

  toString(): string {
    return new URLSearchParams([...this.params]).toString();
  }
}
