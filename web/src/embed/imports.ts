// "匯入模型" on an embedded widget (embed.html in an iframe, <tally-widget> on
// any page). Only widgets with a model picker get it. The form is the
// chapter's (import/dialog.ts), shown in flow under the widget's title rather
// than as a modal dialog: an iframe grows to fit it through the height
// messages, and a host page gets no overlay and no page-wide drop handler.
import { wireImportForm, hasFiles } from '../import/dialog';
import type { ImportSession } from '../import/index';
import { importPanel } from '../import/markup';
import { importedModels } from '../import/models';
import { syncPickers } from '../import/pickers';
import { importText as t } from '../import/text';

const MODEL_PICKER = 'select[data-options="models"]';

/**
 * Add the import button and panel to a hydrated widget. `scope` holds the
 * widget's pickers (the frame's document, or the element's shadow root).
 */
export function addImportPanel(widgetRoot: HTMLElement, scope: ParentNode, session: ImportSession): void {
  const sync = () => syncPickers(scope, importedModels.list(), t.option_suffix);
  importedModels.onChange(sync);
  sync();
  if (!widgetRoot.querySelector(MODEL_PICKER)) return;

  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'import-embed-open';
  button.textContent = t.embed.open;
  button.title = t.embed.open_hint;
  button.setAttribute('aria-expanded', 'false');
  button.setAttribute('aria-controls', 'import-panel');
  const holder = document.createElement('div');
  holder.innerHTML = importPanel(); // content strings only, escaped by markup.ts
  const panel = holder.firstElementChild as HTMLElement;
  const dropHint = panel.querySelector('[data-import-drop-hint]');
  if (dropHint) dropHint.textContent = t.embed.drop_hint;
  const caption = widgetRoot.querySelector('.tally-title');
  if (caption) caption.after(button, panel);
  else widgetRoot.prepend(button, panel);

  const form = wireImportForm(panel, session, { share: null });
  const setOpen = (open: boolean) => {
    panel.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    if (open) {
      void form.renderList();
      form.textarea.focus();
    }
  };
  button.addEventListener('click', () => setOpen(panel.hidden));
  panel.querySelector('[data-import-close]')?.addEventListener('click', () => {
    setOpen(false);
    button.focus();
  });
  importedModels.onChange(() => {
    if (!panel.hidden) void form.renderList();
  });
  // Files dropped on the panel only: the rest of a host page keeps its own behaviour.
  panel.addEventListener('dragover', (e) => {
    if (hasFiles(e)) e.preventDefault();
  });
  panel.addEventListener('drop', (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    const file = e.dataTransfer?.files[0];
    if (file) void form.importFile(file);
  });
}
