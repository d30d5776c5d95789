// embed.html: shows the one widget named by ?w=, hydrated from the query
// string, and talks to the host page through the protocol in protocol.ts.
//
// Security: every value from the URL or from a message is either looked up
// in a fixed list (widget instance, theme, language), compared (version), or
// handed to the core as a request field, which validates it. Text reaches
// the page through textContent only.
import { startImports } from '../import';
import { importText } from '../import/text';
import { loadEngine } from '../runtime/loader';
import { siteWidgets } from '../runtime/site-config';
import { hydrateWidget } from '../runtime/widget';
import { widgetDef } from '../widgets/registry';
import { addImportPanel } from './imports';
import { applyTheme, asMessage, LANGS, message, THEMES, type Theme } from './protocol';
import { QueryStore } from './stores';
import { fill, ui } from '../i18n/ui';
import { withLang } from '../i18n/core-lang';
import { pageLang } from '../i18n/editions';

function byId(id: string): HTMLElement {
  const el = document.getElementById(id);
  if (!el) throw new Error(`embed.html is missing #${id}`);
  return el;
}

function showError(text: string): void {
  const el = byId('embed-error');
  el.textContent = el.hidden ? text : `${el.textContent ?? ''}${ui.embed.message_separator}${text}`;
  el.hidden = false;
}

const query = new URLSearchParams(location.search);
// Imported models: this origin's stored ones, plus any the URL carries
// (embed.html?w=…#import:m=<token>, as the 嵌入 button writes for a widget
// set to an imported model). Requests naming their ids carry the spec.
const imports = startImports(
  loadEngine().then((e) => withLang(e, pageLang())),
  location.hash,
);
// The module is async, so it can run while the page is still being parsed
// (a busy machine showed it): the widgets' templates and the page's own
// elements further down may not exist yet. The core keeps loading meanwhile.
if (document.readyState === 'loading') {
  await new Promise((done) => document.addEventListener('DOMContentLoaded', done, { once: true }));
}
void imports.problems.then((problems) => {
  if (problems.length) showError(`${importText.embed.problem}${problems.join(' ')}`);
});
const instance = query.get('w') ?? '';
const main = byId('embed');
const own = main.dataset.version ?? '';
const templates = new Map([...document.querySelectorAll<HTMLTemplateElement>('template[data-embed]')].map((t) => [t.dataset.embed ?? '', t]));
// Messages go to the host only; a host that names itself with ?host=<origin>
// gets them addressed to that origin alone (the frame then also refuses
// settings from any other origin).
const hostOrigin = query.get('host');
const target = hostOrigin && /^https?:\/\/[^/]+$/.test(hostOrigin) ? hostOrigin : '*';
const post = (m: ReturnType<typeof message>): void => {
  if (window.parent !== window) window.parent.postMessage(m, target);
};

// Theme and language can come from the URL (first paint) or from the host.
// 'auto' leaves the theme to the reader: the choice Tally's switch stored on
// this origin (theme/theme.js applied it before this ran), else the system.
const readersTheme = document.documentElement.getAttribute('data-theme');
const themeFor = (theme: Theme): Theme => (theme === 'auto' && (readersTheme === 'light' || readersTheme === 'dark') ? readersTheme : theme);
const applySettings = (theme: string | null | undefined, lang: string | null | undefined): string[] => {
  const refused: string[] = [];
  if (theme !== null && theme !== undefined) {
    if ((THEMES as readonly string[]).includes(theme)) applyTheme(document.documentElement, themeFor(theme as Theme));
    else refused.push(fill(ui.embed.bad_theme, { list: THEMES.join(ui.embed.list_separator) }));
  }
  if (lang !== null && lang !== undefined && lang !== document.documentElement.lang) {
    const built = Object.keys(editions);
    if (LANGS.includes(lang) && built.includes(lang)) moveToEdition(lang);
    else refused.push(fill(ui.embed.bad_lang, { list: built.join(ui.embed.list_separator) }));
  }
  return refused;
};
// Another edition's widgets are that edition's embed.html (its words are
// bundled with it): ?lang= or a host's setting moves the frame there, same
// version folder, same query and hash (the widget's state).
const editions = JSON.parse(main.dataset.editions ?? '{}') as Record<string, string>;
const ownLang = document.documentElement.lang;
function moveToEdition(lang: string): boolean {
  const dir = editions[lang];
  if (dir === undefined || lang === ownLang) return false;
  const base = new URL(editions[ownLang] ? '../' : './', location.href);
  location.replace(new URL(`${dir}embed.html${location.search}${location.hash}`, base).href);
  return true;
}
const refusedAtStart = applySettings(query.get('theme'), query.get('lang'));
if (refusedAtStart.length) showError(refusedAtStart.join(ui.embed.message_separator));

const template = templates.get(instance);
if (!template) {
  // No widget to show: say why, and list the ones there are (site/embed-index.ts).
  if (instance) showError(fill(ui.embed.no_widget_pick, { name: instance }));
  byId('embed-index').hidden = false;
} else {
  const version = query.get('v');
  if (version !== null && version !== own) {
    const note = byId('embed-version-note');
    note.textContent = /^[0-9a-f]{10}$/.test(version) ? fill(ui.embed.old_version, { version, own }) : fill(ui.embed.bad_version, { own });
    note.hidden = false;
  }
  const home = byId('embed-home') as HTMLAnchorElement;
  home.href = new URL(template.dataset.home ?? 'index.html', new URL(main.dataset.root ?? './', location.href)).href;
  if (template.dataset.homeLabel) home.textContent = template.dataset.homeLabel;
  home.parentElement!.hidden = false;
  const slot = byId('embed-slot');
  slot.append(template.content.cloneNode(true));
  const root = slot.querySelector<HTMLElement>('[data-widget][data-instance]');
  const cfg = siteWidgets.widgets[instance];
  const def = cfg && widgetDef(cfg.kind);
  if (!root || !cfg || !def) throw new Error(`embed: widget "${instance}" is incomplete`);
  hydrateWidget(root, def, { instance, cfg }, imports.engine, new QueryStore(window), siteWidgets.status);
  addImportPanel(root, document, imports);
}

// Height: whenever the content changes size, tell the host. The root
// element's box is the content's height (scrollHeight would never report less
// than the frame's current height, so a frame could grow but never shrink).
const sendHeight = (): void => post(message('height', { widget: instance, height: Math.ceil(document.documentElement.getBoundingClientRect().height) }));
new ResizeObserver(sendHeight).observe(document.documentElement);

window.addEventListener('message', (e) => {
  // Only the page that embeds this frame may change its settings.
  if (e.source !== window.parent || window.parent === window) return;
  if (target !== '*' && e.origin !== target) return;
  const m = asMessage(e.data);
  if (!m || m.type !== 'settings') return;
  const refused = applySettings(m.theme, m.lang);
  for (const text of refused) post(message('error', { widget: instance, message: text }));
  sendHeight();
});
post(message('ready', { widget: instance }));
