// The import form: paste, upload or drop a config.json; the core imports it
// (or says what is wrong), the summary shows the core's numbers, and the list
// below manages what this browser keeps (share link, remove). Chapter pages
// show it in the header's "匯入模型" dialog (wireDialog); embedded widgets in
// a panel under the widget (embed-panel.ts).

import { EngineError } from '../runtime/engine';
import { formatHash, parseHash, type HashStore } from '../runtime/hash-state';
import { esc } from '../runtime/html';
import { encodeShared } from './codec';
import type { ImportSession } from './session';
import { importConfig, importedModels, withFreeId, type ImportedModel } from './models';
import { persist, SHARE_PARAM, SHARE_SEGMENT } from './restore';
import { modelLine, summaryHtml } from './summary';
import { fill, importText as t } from './text';

/** This page's URL with the model in its hash (the widgets' state kept). */
async function shareUrl(m: ImportedModel, store: HashStore): Promise<string> {
  store.flush();
  const state = parseHash(location.hash);
  state.set(SHARE_SEGMENT, new Map([[SHARE_PARAM, await encodeShared(m.sharedText)]]));
  return `${location.origin}${location.pathname}${location.search}${formatHash(state)}`;
}

export function hasFiles(e: DragEvent): boolean {
  return [...(e.dataTransfer?.types ?? [])].includes('Files');
}

export interface FormOptions {
  /** The link that imports a model elsewhere; null: no share links (embeds). */
  share: ((m: ImportedModel) => Promise<string>) | null;
  /** After the reader removed a model. */
  removed?: (m: ImportedModel) => void;
}

export interface ImportForm {
  importFile(file: File): Promise<void>;
  showError(message: string): void;
  renderList(): Promise<void>;
  textarea: HTMLTextAreaElement;
}

/** Wire the form inside `root` (a <dialog> or an embed's panel). */
export function wireImportForm(root: ParentNode, session: ImportSession, opts: FormOptions): ImportForm {
  const q = <T extends Element>(selector: string) => root.querySelector<T>(selector)!;
  const form = q<HTMLFormElement>('[data-import-form]');
  const textarea = q<HTMLTextAreaElement>('#import-text');
  const nameInput = q<HTMLInputElement>('#import-name');
  const fileInput = q<HTMLInputElement>('#import-file');
  const error = q<HTMLElement>('#import-error');
  const status = q<HTMLElement>('[data-import-status]');
  const summary = q<HTMLElement>('[data-import-summary]');
  const list = q<HTMLUListElement>('[data-import-list]');
  const empty = q<HTMLElement>('[data-import-empty]');

  const showError = (message: string, control: HTMLElement = textarea) => {
    error.textContent = message;
    error.hidden = false;
    control.setAttribute('aria-invalid', 'true');
    control.setAttribute('aria-describedby', error.id);
    status.textContent = '';
  };
  const clearError = () => {
    error.hidden = true;
    for (const c of [textarea, fileInput]) {
      c.removeAttribute('aria-invalid');
      c.removeAttribute('aria-describedby');
    }
  };
  const copyButton = (url: string) =>
    `<button type="button" class="tally-copy" data-copy-text="${esc(url)}" data-copy-done="${esc(t.share_copied)}">${esc(t.share_copy)}</button> `;

  const renderList = async () => {
    const models = importedModels.list();
    empty.hidden = models.length > 0;
    const items = await Promise.all(
      models.map(async (m) => {
        const copy = opts.share ? copyButton(await opts.share(m)) : '';
        return (
          `<li data-import-model="${esc(m.id)}"><span class="import-name">${esc(m.name)}</span> <code>${esc(m.id)}</code> ` +
          `<span class="import-item-actions">${copy}` +
          `<button type="button" data-import-remove="${esc(m.id)}">${esc(fill(t.remove, { name: m.name }))}</button>` +
          `<span class="tally-copy-status" role="status"></span></span></li>`
        );
      }),
    );
    list.innerHTML = items.join('');
  };

  const showSummary = async (m: ImportedModel) => {
    let share = '';
    if (opts.share) {
      const url = await opts.share(m);
      share =
        `<div class="tally-field import-share"><label for="import-share-url">${esc(t.share_label)}</label>` +
        `<input id="import-share-url" type="text" readonly value="${esc(url)}" data-testid="import-share-url">` +
        copyButton(url) +
        `<span class="tally-copy-status" role="status"></span></div>`;
    }
    summary.innerHTML = summaryHtml(m) + share;
    summary.hidden = false;
  };

  const hideSummary = () => {
    summary.hidden = true;
    summary.replaceChildren();
  };

  let seq = 0;
  const importNow = async (text: string) => {
    const mine = ++seq;
    clearError();
    status.textContent = t.working;
    const core = await session.core;
    let model: ImportedModel;
    try {
      model = await importConfig(core, text, nameInput.value);
    } catch (err) {
      if (!(err instanceof EngineError)) throw err;
      if (mine !== seq) return;
      // The summary on screen belongs to an earlier import, not to this config.
      hideSummary();
      showError(err.message);
      return;
    }
    if (mine !== seq) return;
    // Another model under the core's id stays: this one gets the next free id.
    const taken = importedModels.get(model.id);
    model = withFreeId(model, (id) => importedModels.get(id));
    const replaced = importedModels.put(model);
    const stored = persist();
    const said =
      model.coreId && taken
        ? fill(t.imported_beside, { name: model.name, id: model.id, other: taken.name, core_id: model.coreId })
        : fill(replaced ? t.replaced : t.imported, { name: model.name });
    status.textContent = [said, stored].filter(Boolean).join(' ');
    await Promise.all([showSummary(model), renderList()]);
  };

  const importFile = async (file: File) => {
    let text: string;
    try {
      text = await file.text();
    } catch {
      hideSummary();
      showError(fill(t.file_read_failed, { file: file.name }), fileInput);
      return;
    }
    textarea.value = text; // the reader sees what was imported
    await importNow(text);
  };

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void importNow(textarea.value);
  });
  fileInput.addEventListener('change', () => {
    const file = fileInput.files?.[0];
    if (file) void importFile(file);
  });
  list.addEventListener('click', (e) => {
    const id = (e.target as Element | null)?.closest<HTMLElement>('[data-import-remove]')?.dataset.importRemove;
    const m = id ? importedModels.get(id) : undefined;
    if (!m) return;
    importedModels.remove(m.id);
    opts.removed?.(m);
    const stored = persist();
    status.textContent = [fill(t.removed, { name: m.name }), stored].filter(Boolean).join(' ');
    if (summary.querySelector(`[data-testid="summary-model"]`)?.textContent?.includes(modelLine(m))) hideSummary();
    void renderList();
  });
  return { importFile, showError, renderList, textarea };
}

export function wireDialog(doc: Document, session: ImportSession, store: HashStore): void {
  const dialog = doc.querySelector<HTMLDialogElement>('[data-import-dialog]');
  const open = doc.querySelector<HTMLButtonElement>('[data-import-open]');
  if (!dialog || !open) return;
  const form = wireImportForm(dialog, session, {
    share: (m) => shareUrl(m, store),
    // A share segment in this page's URL would bring it back on reload.
    removed: () => store.write(SHARE_SEGMENT, new Map()),
  });

  // Models can also arrive from a link or another tab while the dialog is open.
  importedModels.onChange(() => {
    if (dialog.open) void form.renderList();
  });
  open.addEventListener('click', () => {
    if (!dialog.open) dialog.showModal();
    void form.renderList();
    form.textarea.focus();
  });
  dialog.querySelector('[data-import-close]')?.addEventListener('click', () => dialog.close());

  // Drop a file on the dialog or anywhere on the page (text dropped into a field keeps its usual meaning).
  doc.addEventListener('dragover', (e) => {
    if (hasFiles(e)) e.preventDefault();
  });
  doc.addEventListener('drop', (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    if (!dialog.open) dialog.showModal();
    void form.renderList();
    const file = e.dataTransfer?.files[0];
    if (file) void form.importFile(file);
    else form.showError(t.drop_not_file);
  });
}
