// The "嵌入" button beside every widget of a chapter page: it shows the iframe
// and the custom-element snippets for the widget's current state. Built with
// DOM calls (textContent, value), never HTML strings, so nothing a link
// carries can become markup.
import { encodeShared } from '../import/codec';
import { importedModels } from '../import/models';
import type { Params } from '../runtime/hash-state';
import type { StateStore } from '../runtime/state-store';
import { elementSnippet, iframeSnippet, type EmbedTarget } from './snippets';
import { pageLang, type EditionLang } from '../i18n/editions';
import { fill, ui } from '../i18n/ui';

export interface EmbedInfo {
  root: string;
  version: string;
  /** The page's edition: the snippets carry it (its embed.html and embed.js, and lang=). */
  lang: EditionLang;
}

/** Site root and version from <meta name="tally-root|tally-version">; null if the page has none. */
export function embedInfo(doc: Document): EmbedInfo | null {
  const meta = (name: string) => doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  const root = meta('tally-root');
  const version = meta('tally-version');
  if (root === undefined || !version) return null;
  return { root: new URL(root, doc.baseURI).href, version, lang: pageLang(doc) };
}

/** A snippet box with its label and a copy button that says so when the text is on the clipboard. */
function snippetField(label: string, testid: string): { wrap: HTMLElement; area: HTMLTextAreaElement } {
  const wrap = document.createElement('div');
  wrap.className = 'tally-embed-field';
  const area = document.createElement('textarea');
  area.readOnly = true;
  area.rows = 3;
  area.spellcheck = false;
  area.dataset.testid = testid;
  area.id = `${testid}-${++fieldSeq}`;
  const name = document.createElement('label');
  name.htmlFor = area.id;
  name.textContent = label;
  const copy = document.createElement('button');
  copy.type = 'button';
  copy.className = 'tally-embed-copy';
  copy.textContent = ui.embed.copy;
  copy.setAttribute('aria-label', fill(ui.embed.copy_label, { label }));
  copy.dataset.testid = `${testid}-copy`;
  const done = document.createElement('span');
  done.className = 'tally-embed-copied';
  done.setAttribute('role', 'status');
  done.dataset.testid = `${testid}-copied`;
  copy.addEventListener('click', () => void copySnippet(area, done));
  // Editing the state afterwards makes an old "copied" untrue.
  area.addEventListener('tally:snippet', () => (done.textContent = ''));
  const head = document.createElement('div');
  head.className = 'tally-embed-field-head';
  const actions = document.createElement('span');
  actions.className = 'tally-embed-actions';
  actions.append(done, copy);
  head.append(name, actions);
  wrap.append(head, area);
  return { wrap, area };
}
let fieldSeq = 0;

/**
 * Put a snippet on the clipboard. Without clipboard access (permission
 * refused, an insecure origin) the text is selected in its box, and the
 * status says to press Ctrl+C / ⌘C, so the reader can still copy it.
 */
async function copySnippet(area: HTMLTextAreaElement, done: HTMLElement): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(area.value);
    done.textContent = ui.embed.copied;
  } catch {
    area.focus();
    area.select();
    done.textContent = ui.embed.selected;
  }
}

/** Share tokens of the imported models a widget's state names, so the embed can import them too. */
async function importTokens(params: Params): Promise<string[]> {
  const models = [...new Set(params.values())].flatMap((v) => importedModels.get(v) ?? []);
  return Promise.all(models.map((m) => encodeShared(m.sharedText)));
}

export function addEmbedButton(root: HTMLElement, instance: string, store: StateStore, info: EmbedInfo): void {
  const title = root.querySelector('.tally-title')?.textContent ?? instance;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'tally-embed-button';
  button.textContent = ui.embed.button;
  button.setAttribute('aria-expanded', 'false');
  button.dataset.testid = 'embed-button';

  const panel = document.createElement('div');
  panel.className = 'tally-embed-panel';
  panel.hidden = true;
  panel.dataset.testid = 'embed-panel';
  const iframe = snippetField(ui.embed.iframe_label, 'embed-iframe');
  const element = snippetField(ui.embed.element_label, 'embed-element');
  const note = document.createElement('p');
  note.className = 'tally-hint';
  note.textContent = ui.embed.snippet_note;
  panel.append(iframe.wrap, element.wrap, note);

  let seq = 0;
  const refresh = async (): Promise<void> => {
    const mine = ++seq;
    const params = store.read(instance);
    const target: EmbedTarget = { root: info.root, version: info.version, lang: info.lang, instance, params, title, imports: await importTokens(params) };
    if (mine !== seq) return; // a newer state is being written
    for (const [field, text] of [
      [iframe, iframeSnippet(target)],
      [element, elementSnippet(target)],
    ] as const) {
      if (field.area.value === text) continue;
      field.area.value = text;
      field.area.dispatchEvent(new Event('tally:snippet'));
    }
  };
  button.addEventListener('click', () => {
    panel.hidden = !panel.hidden;
    button.setAttribute('aria-expanded', String(!panel.hidden));
    if (!panel.hidden) void refresh();
  });
  // Keep the snippets in step with the controls while the panel is open.
  root.addEventListener('tally:update', () => {
    if (!panel.hidden) void refresh();
  });
  const caption = root.querySelector('.tally-title');
  caption?.after(button, panel);
}
