// Every widget configuration of the book: each chapter's widgets.json (the
// status strings and the first widgets) plus its widgets/*.json, so each
// family of widgets keeps its own file. The chapters are content/book.json's
// (runtime/book.ts). Bundled by Vite for both the browser and the build-time
// page generator, so both read the same configs.
import { chapterEntries, widgetText } from './book';
import { withDefaults, type SiteWidgets } from './config';

const files = import.meta.glob<unknown>(['../../../content/*/widgets.json', '../../../content/*/widgets/*.json'], {
  eager: true,
  import: 'default',
});

interface WidgetsFile {
  status?: unknown;
  widgets?: Record<string, unknown>;
  text?: Record<string, string>;
}

// A chapter's widgets.json comes first (it carries the status strings, the
// same for the whole site: the first chapter's are kept). A widget's strings
// are the book's (content/book.json "widget_text", e.g. the "how" popover's),
// then its file's top-level "text" (e.g. the tables' "copy as CSV"), then its
// own "text", each winning over the one before.
function merged(): { status: unknown; widgets: Record<string, unknown> } {
  const entries = chapterEntries(files);
  const ordered = [...entries.filter(([f]) => f.endsWith('/widgets.json')), ...entries.filter(([f]) => !f.endsWith('/widgets.json'))];
  let status: unknown;
  const widgets: Record<string, unknown> = {};
  for (const [file, raw] of ordered) {
    const { status: own, widgets: extra = {}, text: shared = {} } = raw as WidgetsFile;
    status ??= own;
    for (const [name, cfg] of Object.entries(extra)) {
      if (name in widgets) throw new Error(`${file}: widget "${name}" is already defined`);
      const mine = cfg as { text?: Record<string, string> };
      widgets[name] = { ...mine, text: { ...widgetText, ...shared, ...mine.text } };
    }
  }
  if (!status) throw new Error('content/book.json: no chapter\'s widgets.json has "status"');
  return { status, widgets };
}

export const siteWidgets: SiteWidgets = withDefaults(merged());
