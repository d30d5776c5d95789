// The postMessage protocol between an embedded widget (embed.html in an
// iframe) and the page that hosts it. Documented in docs/embed.md; both sides
// import these definitions so they cannot drift apart.
//
//   embed → host  {ns, v, type: 'ready',  widget}
//                 {ns, v, type: 'height', widget, height}      (CSS pixels)
//                 {ns, v, type: 'error',  widget, message}     (a setting was refused)
//   host → embed  {ns, v, type: 'settings', theme?, lang?}
//
// Every message carries ns = 'tally-embed' and v = 1; anything else is ignored.

import { EDITION_LANGS } from '../i18n/editions';

export const NS = 'tally-embed';
export const PROTOCOL_VERSION = 1;

export type Theme = 'light' | 'dark' | 'auto';
export const THEMES: readonly Theme[] = ['light', 'dark', 'auto'];
/** Languages the widgets are written in (the site's editions; a build may write fewer: embed.html lists its own). */
export const LANGS: readonly string[] = EDITION_LANGS;

/** Query keys the embed contract reserves; no widget control may use them. */
export const RESERVED_KEYS: readonly string[] = ['w', 'v', 'host', 'theme', 'lang'];

export interface EmbedMessage {
  ns: typeof NS;
  v: typeof PROTOCOL_VERSION;
  type: 'ready' | 'height' | 'error' | 'settings';
  widget?: string;
  height?: number;
  message?: string;
  theme?: string;
  lang?: string;
}

export function message(type: EmbedMessage['type'], fields: Partial<EmbedMessage> = {}): EmbedMessage {
  return { ns: NS, v: PROTOCOL_VERSION, type, ...fields };
}

/** Narrow an incoming event's data to a message of this protocol and version. */
export function asMessage(data: unknown): EmbedMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const m = data as Partial<EmbedMessage>;
  if (m.ns !== NS || m.v !== PROTOCOL_VERSION || typeof m.type !== 'string') return null;
  return m as EmbedMessage;
}

/** Apply a theme to a document root (or a custom element): 'auto' follows the reader's system. */
export function applyTheme(el: HTMLElement, theme: Theme): void {
  if (theme === 'auto') el.removeAttribute('data-theme');
  else el.setAttribute('data-theme', theme);
}
