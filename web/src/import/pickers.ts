// Imported models join every model picker on the page: the widgets' selects
// (controls with "options": "models", marked data-options="models" by
// runtime/controls.ts) and the reader-profile form's model select.

import type { ImportedModel } from './models';

const PICKERS = 'select[data-options="models"], select#profile-model';

export function syncPickers(doc: ParentNode, models: ImportedModel[], suffix: string): void {
  const byId = new Map(models.map((m) => [m.id, m]));
  for (const select of doc.querySelectorAll<HTMLSelectElement>(PICKERS)) {
    for (const option of [...select.options]) {
      if (option.dataset.imported === undefined || byId.has(option.value)) continue;
      // A removed model still selected stays visible by its id (the core explains it is unknown).
      if (option.selected) {
        option.text = option.value;
        delete option.dataset.imported;
      } else {
        option.remove();
      }
    }
    for (const m of models) {
      const label = `${m.name}${suffix}`;
      // The widget may already hold the id from a link (added as a bare id option): relabel it.
      const existing = [...select.options].find((o) => o.value === m.id);
      const option = existing ?? new Option(label, m.id);
      option.text = label;
      option.dataset.imported = '';
      if (!existing) select.add(option);
    }
  }
}
