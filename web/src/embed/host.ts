// embed-host.js: the host side of the iframe protocol (docs/embed.md), for
// pages that embed <iframe data-tally-embed src=".../embed.html?…">.
//   - sizes each frame to the height it reports;
//   - sends it the theme (the frame's data-theme, else <html data-tally-theme>,
//     else auto) and language (the frame's data-lang) when it is ready, and
//     again whenever <html data-tally-theme> changes.
// Messages are accepted only from a Tally frame's own window and only from
// the origin its src names; settings are addressed to that origin alone.
import { asMessage, message } from './protocol';

/** Frames taller than this are a bug or an attack; they are not followed. */
const MAX_HEIGHT = 20000;

function frames(): HTMLIFrameElement[] {
  return [...document.querySelectorAll<HTMLIFrameElement>('iframe[data-tally-embed]')];
}

function originOf(frame: HTMLIFrameElement): string | null {
  try {
    return new URL(frame.src, document.baseURI).origin;
  } catch {
    return null;
  }
}

function sendSettings(frame: HTMLIFrameElement): void {
  const origin = originOf(frame);
  if (!origin || !frame.contentWindow) return;
  const theme = frame.dataset.theme ?? document.documentElement.getAttribute('data-tally-theme') ?? 'auto';
  const settings = message('settings', { theme });
  if (frame.dataset.lang) settings.lang = frame.dataset.lang;
  frame.contentWindow.postMessage(settings, origin);
}

window.addEventListener('message', (e) => {
  const m = asMessage(e.data);
  if (!m) return;
  const frame = frames().find((f) => f.contentWindow === e.source);
  if (!frame || e.origin !== originOf(frame)) return;
  if (m.type === 'height' && typeof m.height === 'number' && Number.isFinite(m.height) && m.height > 0 && m.height <= MAX_HEIGHT) {
    frame.height = String(Math.ceil(m.height));
  } else if (m.type === 'ready') {
    sendSettings(frame);
  } else if (m.type === 'error' && typeof m.message === 'string') {
    console.warn(`tally embed: ${m.message}`);
  }
});

new MutationObserver(() => frames().forEach(sendSettings)).observe(document.documentElement, {
  attributes: true,
  attributeFilter: ['data-tally-theme'],
});
// Frames that loaded before this script ran already said "ready": greet them.
frames().forEach(sendSettings);
