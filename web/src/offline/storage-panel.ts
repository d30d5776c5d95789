// The landing page's "what is stored" panel (offline/markup.ts storagePanel):
// how much the offline copy takes (Cache Storage, as the browser estimates
// it), which of Tally's localStorage keys hold what, and a button that
// deletes the offline copy (its caches and service worker) and nothing else:
// progress, imported models and the reader profile stay.

import { esc } from '../runtime/html';
import { fill } from '../search/text';
import { LANG_KEY } from '../i18n/lang-switch';
import { ui } from '../i18n/ui';

interface PanelText {
  offline_size: string;
  offline_none: string;
  offline_unsupported: string;
  local_none: string;
  keys: Record<string, string>;
  other_key: string;
  cleared: string;
  clear_failed: string;
}

/** Bytes as the page shows sizes elsewhere: binary prefixes, three significant digits. */
export function byteText(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toPrecision(3)} ${units[unit]}`;
}

/** The offline copy's bytes: Chromium itemises Cache Storage; elsewhere the caches' responses are summed. */
export async function offlineBytes(): Promise<number> {
  const names = await caches.keys();
  if (!names.length) return 0;
  const estimate = (await navigator.storage?.estimate?.()) as (StorageEstimate & { usageDetails?: { caches?: number } }) | undefined;
  if (estimate?.usageDetails?.caches !== undefined) return estimate.usageDetails.caches;
  let total = 0;
  for (const name of names) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) total += (await (await cache.match(request))?.blob())?.size ?? 0;
  }
  return total;
}

/** Deletes every cache and unregisters this site's service worker. localStorage is not touched. */
export async function clearOfflineCopy(): Promise<void> {
  const registrations = (await navigator.serviceWorker?.getRegistrations?.()) ?? [];
  await Promise.all(registrations.map((r) => r.unregister()));
  await Promise.all((await caches.keys()).map((name) => caches.delete(name)));
}

function localKeys(t: PanelText): string {
  const items: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key?.startsWith('tally.')) continue;
    const size = (localStorage.getItem(key) ?? '').length * 2; // UTF-16, as browsers count the quota
    // The reading language is the site's own key (i18n/lang-switch.ts), named with the site's words.
    const what = t.keys[key] ?? (key === LANG_KEY ? ui.lang.storage_key : fill(t.other_key, { key }));
    const line = fill(ui.storage.key_line, { key: '\u0000', what, size: byteText(size) });
    const [before = '', after = ''] = esc(line).split('\u0000');
    items.push(`<li>${before}<code>${esc(key)}</code>${after}</li>`);
  }
  return items.sort().join('') || `<li>${esc(t.local_none)}</li>`;
}

async function showOffline(slot: HTMLElement, t: PanelText): Promise<void> {
  if (!('caches' in window)) {
    slot.textContent = t.offline_unsupported;
    return;
  }
  const bytes = await offlineBytes();
  slot.textContent = bytes ? fill(t.offline_size, { size: byteText(bytes) }) : t.offline_none;
}

export function wireStoragePanel(doc: Document): void {
  const panel = doc.querySelector<HTMLElement>('[data-storage-panel]');
  if (!panel) return;
  const t = JSON.parse(panel.dataset.storageText ?? '{}') as PanelText;
  const offline = panel.querySelector<HTMLElement>('[data-storage-offline]')!;
  const local = panel.querySelector<HTMLElement>('[data-storage-local]')!;
  const clear = panel.querySelector<HTMLButtonElement>('[data-storage-clear]')!;
  const status = panel.querySelector<HTMLElement>('[data-storage-status]')!;
  const refresh = async () => {
    try {
      local.innerHTML = localKeys(t);
    } catch {
      local.innerHTML = `<li>${esc(t.offline_unsupported)}</li>`; // storage blocked by the browser's settings
    }
    await showOffline(offline, t).catch((e) => (offline.textContent = String(e)));
  };
  clear.disabled = !('caches' in window);
  clear.addEventListener('click', async () => {
    clear.disabled = true;
    try {
      await clearOfflineCopy();
      status.textContent = t.cleared;
    } catch (error) {
      status.textContent = fill(t.clear_failed, { reason: error instanceof Error ? error.message : String(error) });
    }
    await refresh();
    clear.disabled = false;
  });
  // The copy grows while the service worker installs; show the settled figure too.
  void refresh();
  void navigator.serviceWorker?.ready.then(() => setTimeout(() => void refresh(), 500));
  addEventListener('storage', () => void refresh());
}
