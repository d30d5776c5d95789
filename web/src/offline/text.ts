// The offline copy's words (content/<chapter>/offline.json): the installable
// app's name and colours, the update banner and the landing page's storage panel.

export interface StorageText {
  title: string;
  intro: string;
  offline_label: string;
  offline_size: string;
  offline_none: string;
  offline_unsupported: string;
  local_label: string;
  local_none: string;
  /** localStorage key → what the reader calls it. */
  keys: Record<string, string>;
  other_key: string;
  clear: string;
  clear_note: string;
  cleared: string;
  clear_failed: string;
  no_script: string;
}

/** The page a worker answers with when the network fails and the page is not stored (offline/fallback-page.ts). */
export interface FallbackText {
  title: string;
  heading: string;
  lead: string;
  saved: string;
  retry: string;
  home: string;
  contents: string;
  links_label: string;
}

export interface OfflineText {
  app_name: string;
  app_short_name: string;
  app_description: string;
  theme_color: string;
  background_color: string;
  update_ready: string;
  update_reload: string;
  update_later: string;
  storage: StorageText;
  fallback: FallbackText;
}

/** What the site build hands each page about the offline copy. */
export interface OfflineAssets {
  /** manifest.json, the service worker and the SVG icon, relative to the page. */
  manifest: string;
  serviceWorker: string;
  icon: string;
  themeColor: string;
}
