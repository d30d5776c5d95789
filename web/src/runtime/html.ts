// String templating shared by the build-time prerender (Node) and the browser,
// so both produce byte-identical markup and hydration causes no layout shift.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escape text for use in element content or a double-quoted attribute. */
export function esc(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** Render `name="value"` pairs, skipping null/undefined (absent attribute). */
export function attrs(pairs: Record<string, string | null | undefined>): string {
  let out = '';
  for (const [name, value] of Object.entries(pairs)) {
    if (value === null || value === undefined) continue;
    out += value === '' ? ` ${name}` : ` ${name}="${esc(value)}"`;
  }
  return out;
}
