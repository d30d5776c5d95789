// <tally-widget widget="capacity" state="model=qwen3-32b&ctx=32768" theme="dark">
//
// The custom element behind embed.js: the same widget as embed.html, drawn
// into the element's shadow root on the host page itself. Every element on a
// page shares one WASM load (runtime/loader.ts keeps one per document).
// Attributes:
//   widget  instance name (as in embed.html?w=)
//   state   the widget's params, query-string encoded; the reader's changes
//           are written back here, and a host may set it to apply a state
//   theme   light | dark | auto (default: the page's <html data-tally-theme>, else auto)
//   import  imported models, as share tokens (what #import:m= carries on a
//           chapter page, comma-separated); `state` may then name their ids
//   hash-state  (no value) keep the state in the page URL's hash as well, in
//           the chapter's format (#<widget>:k=v;…), so a reload or a shared
//           link restores it; Tally's articles set it. A state in the hash
//           wins over the `state` attribute.
//
// A prerendered copy of the widget inside the element (what Tally's articles
// ship, runtime/widget.ts prerenderWidget) is what a reader without
// JavaScript sees; with it, the element moves that copy into its shadow root
// instead of computing it again.
//
// Imported models are shared by the page's elements. On Tally's own origin
// (its articles) they are the ones the reader keeps in localStorage; on any
// other page they last for the page only — that page's storage is its author's.
import { startImports, type ImportSession } from '../import';
import { importedModels } from '../import/models';
import { importShared } from '../import/restore';
import { keepForPageOnly } from '../import/storage';
import { importText } from '../import/text';
import type { Catalog, Engine } from '../runtime/engine';
import { loadEngine, type CoreUrls } from '../runtime/loader';
import { siteWidgets } from '../runtime/site-config';
import type { WidgetConfig } from '../runtime/config';
import { HashStore } from '../runtime/hash-state';
import { hydrateWidget, prerenderWidget, type AnyWidgetDef } from '../runtime/widget';
import { widgetDef } from '../widgets/registry';
import { addImportPanel } from './imports';
import { homeLink, type WidgetHome } from './home';
import { embedStatus } from './status';
import { DEFAULT_LANG, editionDir, isEditionLang } from '../i18n/editions';
import { withLang } from '../i18n/core-lang';
import { fill, ui } from '../i18n/ui';
import { applyTheme, THEMES, type Theme } from './protocol';
import { AttributeStore } from './stores';

export interface ElementOptions extends CoreUrls {
  /** Stylesheets of the widget (absolute URLs). */
  css: string[];
  /** Absolute URL of the site root, for the link back to the chapter. */
  root: string;
  version: string;
  /** The edition this embed.js draws (its words are bundled in); zh-Hant for stubs made before editions. */
  lang?: string;
  /** instance → where its "see it in the chapter" link leads (embed/home.ts). */
  homes: Record<string, WidgetHome>;
}

let catalog: Promise<Catalog> | undefined;
let imports: ImportSession | undefined;
/** Problems with the stored models are said once, by the first element that shows a widget. */
let storedProblemsShown = false;
/** The page URL's hash, shared by every element that keeps its state there. */
let pageHash: HashStore | undefined;

/** A stylesheet link's load (or failure: the widget is shown either way). */
const loaded = (link: HTMLLinkElement): Promise<void> =>
  new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });

function pageTheme(): string | null {
  return document.documentElement.getAttribute('data-tally-theme');
}

export function defineTallyWidget(opts: ElementOptions): void {
  if (customElements.get('tally-widget')) return; // a second embed.js on the page
  /** The book's core (one module serves every chapter's widgets). */
  const engine = (): Promise<Engine> =>
    loadEngine({ glue: opts.glue, wasm: opts.wasm, lang: opts.lang ?? DEFAULT_LANG }).then((e) => withLang(e, opts.lang ?? DEFAULT_LANG));
  const session = (): ImportSession => {
    if (!imports) {
      if (new URL(opts.root).origin !== location.origin) keepForPageOnly();
      imports = startImports(engine(), '');
    }
    return imports;
  };

  class TallyWidget extends HTMLElement {
    static observedAttributes = ['state', 'theme'];
    private store: AttributeStore | undefined;
    private readonly shadow = this.attachShadow({ mode: 'open' });

    connectedCallback(): void {
      if (this.store) return;
      const instance = this.getAttribute('widget') ?? '';
      const url = this.hasAttribute('hash-state') ? { store: (pageHash ??= new HashStore(window)), name: instance } : undefined;
      this.store = new AttributeStore(this.getAttribute('state') ?? '', url);
      this.applyTheme();
      void this.render();
    }

    attributeChangedCallback(name: string): void {
      if (name === 'state') this.store?.set(this.getAttribute('state') ?? '');
      if (name === 'theme') this.applyTheme();
    }

    applyTheme(): void {
      const wanted = this.getAttribute('theme') ?? pageTheme() ?? 'auto';
      applyTheme(this, (THEMES as readonly string[]).includes(wanted) ? (wanted as Theme) : 'auto');
    }

    private async render(): Promise<void> {
      const frame = document.createElement('div');
      frame.className = 'tally-embed';
      const links = opts.css.map((href) => {
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = href;
        this.shadow.append(link);
        return link;
      });
      // Listened to from the start: a cached sheet may load before the core does.
      const stylesReady = Promise.all(links.map(loaded));
      const status = document.createElement('p');
      status.className = 'tally-status';
      status.textContent = (siteWidgets.status as { starting?: string }).starting ?? '';
      const instance = this.getAttribute('widget') ?? '';
      const prerendered = this.querySelector<HTMLElement>(`:scope > [data-widget][data-instance="${CSS.escape(instance)}"]`);
      // The prerendered copy stays on show (through a slot, styled by the
      // host page) until the shadow root's own styles have arrived.
      frame.append(prerendered ? document.createElement('slot') : status);
      this.shadow.append(frame);

      const cfg = siteWidgets.widgets[instance];
      const def = cfg && widgetDef(cfg.kind);
      if (!cfg || !def) {
        status.className = 'tally-error';
        status.setAttribute('role', 'alert');
        status.textContent = fill(ui.embed.no_widget_list, { name: instance, list: Object.keys(siteWidgets.widgets).join(ui.embed.list_separator) });
        return;
      }
      // One embed.js draws one edition: a widget asking for another says which script draws it.
      const own = opts.lang ?? DEFAULT_LANG;
      const wanted = this.getAttribute('lang');
      if (wanted && wanted !== own && isEditionLang(wanted)) {
        status.className = 'tally-error';
        status.setAttribute('role', 'alert');
        const siteRoot = new URL(own === DEFAULT_LANG ? './' : '../', opts.root); // root is the edition's folder
        const script = new URL(`v/${encodeURIComponent(opts.version)}/${editionDir(wanted)}embed.js`, siteRoot).href;
        status.textContent = fill(ui.embed.wrong_lang, { own, lang: wanted, script });
        frame.replaceChildren(status);
        return;
      }
      try {
        // The page's imported models (one core serves every element), with this element's own (its `import` attribute) added below.
        const imported = session();
        // Models named by this element's `import` attribute are known before its first request.
        const problems: string[] = [];
        const tokens = this.getAttribute('import');
        if (tokens) importedModels.track(imported.core.then((c) => importShared(c, tokens, problems)));
        const root = prerendered ?? (await this.prerender(def, instance, cfg));
        if (prerendered) await stylesReady;
        frame.replaceChildren(root, homeLink(opts.homes[instance], opts.root));
        const store = this.store!;
        hydrateWidget(root, def, { instance, cfg }, imported.engine, store, siteWidgets.status);
        addImportPanel(root, this.shadow, imported);
        void Promise.all([imported.problems, importedModels.settled()]).then(([stored]) => {
          const all = [...(storedProblemsShown ? [] : stored), ...problems];
          storedProblemsShown = true;
          if (all.length) frame.prepend(this.problem(all));
        });
        root.addEventListener('tally:update', () => {
          const text = store.toString();
          if ((this.getAttribute('state') ?? '') !== text) this.setAttribute('state', text);
        });
      } catch (err) {
        status.className = 'tally-error';
        status.textContent = siteWidgets.status.failed;
        if (!status.isConnected) frame.prepend(status);
        throw err;
      }
    }

    private problem(texts: string[]): HTMLElement {
      const p = document.createElement('p');
      p.className = 'tally-error';
      p.setAttribute('role', 'alert');
      p.dataset.testid = 'import-problem';
      p.textContent = `${importText.embed.problem}${texts.join(' ')}`;
      return p;
    }

    /**
     * Markup from the same code that prerenders the chapter; every value in
     * it is escaped. The element's state is applied by hydration.
     */
    private async prerender(def: AnyWidgetDef, instance: string, cfg: WidgetConfig): Promise<HTMLElement> {
      const core = await engine();
      catalog ??= core('catalog');
      const holder = document.createElement('div');
      holder.innerHTML = await prerenderWidget(def, { instance, cfg }, core, await catalog, siteWidgets.status.prerendered, embedStatus());
      return holder.firstElementChild as HTMLElement;
    }
  }
  customElements.define('tally-widget', TallyWidget);

  // Hosts switch every element at once with <html data-tally-theme="dark">.
  new MutationObserver(() => {
    for (const el of document.querySelectorAll<HTMLElement & { applyTheme(): void }>('tally-widget')) el.applyTheme();
  }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-tally-theme'] });
}
