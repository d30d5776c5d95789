// Build time: the web app manifest and its icons (content/site/icons, our
// own drawing), so the site can be installed. Relative URLs throughout, so
// the app works from any sub-path; scope "./" keeps it to Tally's folder.

import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { OfflineAssets, OfflineText } from './text';

const ICONS = [
  { src: 'icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
  { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
  { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
];

export async function writeAppManifest(outDir: string, iconsDir: string, t: OfflineText, lang = 'zh-Hant'): Promise<OfflineAssets> {
  await mkdir(path.join(outDir, 'icons'), { recursive: true });
  await Promise.all(ICONS.map((i) => copyFile(path.join(iconsDir, path.basename(i.src)), path.join(outDir, i.src))));
  const manifest = {
    name: t.app_name,
    short_name: t.app_short_name,
    description: t.app_description,
    lang,
    start_url: './index.html',
    scope: './',
    display: 'standalone',
    theme_color: t.theme_color,
    background_color: t.background_color,
    icons: ICONS,
  };
  await writeFile(path.join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return { manifest: 'manifest.json', serviceWorker: 'sw.js', icon: 'icons/icon.svg', themeColor: t.theme_color };
}
