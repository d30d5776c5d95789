// Where a widget's state lives. The chapter keeps every widget in the URL hash
// (HashStore); an embed page keeps its one widget in the query string
// (QueryStore, embed.html?w=…&<state>); a <tally-widget> element keeps it in
// its `state` attribute (AttributeStore). Widgets only see this interface.
// (Params lives here, not in hash-state.ts, which implements this interface:
// the two modules would otherwise import each other.)

/** A widget's state: short control keys → raw input text ("P" → "8192"). */
export type Params = Map<string, string>;

export interface StateStore {
  /** The widget's saved params (empty map if none). */
  read(name: string): Params;
  /** Called when the saved state changes from outside (a pasted link, an attribute). */
  subscribe(name: string, listener: (params: Params) => void): void;
  /** Remember the reader's state (only the keys that differ from the defaults). */
  write(name: string, params: Params): void;
}

export function sameParams(a: Params | undefined, b: Params | undefined): boolean {
  if (!a || !b) return a === b;
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}
