// Build time: what a chapter page carries for the offline copy. The head's
// manifest link, theme colour, icon and the service worker's URL (only
// Tally's own chapter pages name it, so embeds and articles never register
// it); the banner that offers a reload when a new version is deployed; and
// the landing page's "what is stored" panel (```storage``` block).

import { attrs, esc } from '../runtime/html';
import type { OfflineAssets, OfflineText, StorageText } from './text';

export function offlineHead(a: OfflineAssets): string {
  return [
    `<link rel="manifest"${attrs({ href: a.manifest })}>`,
    `<meta name="theme-color"${attrs({ content: a.themeColor })}>`,
    `<meta name="tally-sw"${attrs({ content: a.serviceWorker })}>`,
  ].join('\n');
}

/** Hidden until the service worker reports a waiting new version (offline/register.ts). */
export function updateBanner(t: OfflineText): string {
  return (
    `<div class="update-banner" data-update-banner data-pagefind-ignore="all" role="status" hidden>` +
    `<p>${esc(t.update_ready)}</p>` +
    `<button type="button" data-update-reload>${esc(t.update_reload)}</button>` +
    `<button type="button" class="update-later" data-update-later>${esc(t.update_later)}</button>` +
    `</div>`
  );
}

/** The landing page's panel; offline/storage-panel.ts fills in the sizes and keys. */
export function storagePanel(t: StorageText): string {
  const texts = JSON.stringify({
    offline_size: t.offline_size,
    offline_none: t.offline_none,
    offline_unsupported: t.offline_unsupported,
    local_none: t.local_none,
    keys: t.keys,
    other_key: t.other_key,
    cleared: t.cleared,
    clear_failed: t.clear_failed,
  });
  return (
    `<section class="tally-widget storage-panel" id="storage" aria-labelledby="storage-title"${attrs({ 'data-storage-panel': '', 'data-storage-text': texts })}>` +
    `<h3 class="tally-title" id="storage-title">${esc(t.title)}</h3><p class="tally-intro">${esc(t.intro)}</p>` +
    `<dl class="storage-list">` +
    `<dt>${esc(t.offline_label)}</dt><dd data-storage-offline>${esc(t.no_script)}</dd>` +
    `<dt>${esc(t.local_label)}</dt><dd><ul class="storage-keys" data-storage-local></ul></dd>` +
    `</dl>` +
    `<p class="storage-actions"><button type="button" data-storage-clear disabled>${esc(t.clear)}</button> <span class="tally-hint">${esc(t.clear_note)}</span></p>` +
    `<p class="tally-status" role="status" data-storage-status></p>` +
    `</section>`
  );
}
