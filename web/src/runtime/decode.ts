// Percent-decoding of text that comes from a URL the reader (or anyone who
// sends a link) controls: a malformed escape (`%E0%A4%A`) makes
// decodeURIComponent throw "URI malformed". Such text is set aside, never
// fatal: the caller skips it and the page carries on.

/** The decoded text, or undefined when `text` holds a malformed % escape. */
export function decodeOrUndefined(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
