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
import { followStorage, importShared, restoreImports, SHARE_PARAM, SHARE_SEGMENT } from './restore';
import { MODELS_KEY } from './storage';
import { importText as t } from './text';

export interface ImportSession {
  /** The page's engine: requests naming an imported id carry its spec. */
  engine: Promise<Engine>;
  /** The bare core (imports themselves go there). */
  core: Promise<Engine>;
  /** Reader-facing problems met while restoring stored and linked models. */
  problems: Promise<string[]>;
}

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

export function wireImports(doc: Document, session: ImportSession, store: HashStore): void {
  const sync = () => syncPickers(doc, importedModels.list(), t.option_suffix);
  importedModels.onChange(sync);
  sync();
  wireDialog(doc, session, store);
  void session.problems.then((p) => showProblems(doc, p), () => undefined);
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
