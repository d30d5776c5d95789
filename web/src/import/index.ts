// Imported models on a page: started from main.ts before anything asks the
// core, and wired to the header's "匯入模型" dialog once the DOM is ready.
// Its stylesheet (import.css) is imported by the entries (main.ts,
// embed-frame.ts): this module is shared by several entries, and CSS of a
// shared chunk would reach no page.

import type { Engine } from '../runtime/engine';
import type { HashStore } from '../runtime/hash-state';
import { wireDialog } from './dialog';
import { importedModels, withImportedModels } from './models';
import { syncPickers } from './pickers';
import { esc } from '../runtime/html';
import type { ImportedModel } from './models';
import { followStorage, importShared, onLinkConflict, replaceWithLinked, restoreImports, SHARE_PARAM, SHARE_SEGMENT } from './restore';
import type { ImportSession } from './session';
import { MODELS_KEY } from './storage';
import { fill, importText as t } from './text';

export type { ImportSession };

/** Imported models for widgets running on `core`, which also reads the configs the reader imports. */
export function startImports(core: Promise<Engine>, hash: string): ImportSession {
  const problems = core.then((c) => restoreImports(c, hash));
  importedModels.track(problems);
  return { engine: core.then((c) => withImportedModels(c)), core, problems };
}

function showProblems(doc: Document, problems: string[]): void {
  const el = doc.querySelector<HTMLElement>('[data-import-problem]');
  if (!el || problems.length === 0) return;
  el.textContent = [el.textContent, ...problems].filter(Boolean).join(' ');
  el.hidden = false;
}

/**
 * A share link brought another model under an id this browser keeps: ask.
 * Until the reader answers, the kept model stays in use; replacing copies it
 * aside first (restore.ts replaceWithLinked).
 */
function askAboutLink(doc: Document, linked: ImportedModel): void {
  const slot = doc.querySelector<HTMLElement>('[data-import-conflict]');
  const kept = importedModels.get(linked.id);
  if (!slot || !kept) return;
  const box = doc.createElement('div');
  box.className = 'import-conflict';
  box.setAttribute('role', 'alert');
  box.dataset.importConflictId = linked.id;
  const q = t.conflict;
  box.innerHTML =
    `<p>${esc(fill(q.question, { linked: linked.name, kept: kept.name, id: linked.id }))}</p>` +
    `<p class="import-conflict-actions"><button type="button" data-choice="replace">${esc(q.replace)}</button> ` +
    `<button type="button" data-choice="keep">${esc(q.keep)}</button></p>`;
  box.addEventListener('click', (e) => {
    const choice = (e.target as Element | null)?.closest<HTMLElement>('[data-choice]')?.dataset.choice;
    if (!choice) return;
    const outcome = choice === 'replace' ? replaceWithLinked(linked) : fill(q.kept, { name: kept.name });
    box.replaceChildren(Object.assign(doc.createElement('p'), { textContent: outcome }));
    // Widgets showing that id compute again, now on the linked spec (their usual input path).
    if (choice === 'replace') {
      for (const select of doc.querySelectorAll<HTMLSelectElement>('select[data-options="models"]')) {
        if (select.value === linked.id) select.dispatchEvent(new Event('input', { bubbles: true }));
      }
    }
    box.setAttribute('role', 'status');
  });
  slot.append(box);
  slot.hidden = false;
}

export function wireImports(doc: Document, session: ImportSession, store: HashStore): void {
  onLinkConflict((linked) => askAboutLink(doc, linked));
  const sync = () => syncPickers(doc, importedModels.list(), t.option_suffix);
  importedModels.onChange(sync);
  sync();
  wireDialog(doc, session, store);
  void session.problems.then(
    (p) => showProblems(doc, p),
    () => undefined,
  );
  // Another tab imported or removed a model.
  window.addEventListener('storage', (e) => {
    if (e.key !== MODELS_KEY) return;
    importedModels.track(session.core.then(async (c) => showProblems(doc, await followStorage(c))));
  });
  // A share link pasted into the address bar of an open page.
  store.subscribe(SHARE_SEGMENT, (params) => {
    const value = params.get(SHARE_PARAM);
    if (value === undefined) return;
    const work = session.core.then(async (c) => {
      const problems: string[] = [];
      await importShared(c, value, problems);
      showProblems(doc, problems);
    });
    importedModels.track(work);
  });
}
