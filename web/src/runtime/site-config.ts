// Every widget configuration of the chapter: content/ch02/widgets.json (the
// status strings and the first widgets) plus any content/ch02/widgets/*.json,
// so each family of widgets keeps its own file. Bundled by Vite for both the
// browser and the build-time page generator, so both read the same configs.
import { checkConfigs, type SiteWidgets } from './config';

const files = import.meta.glob<unknown>(['../../../content/ch02/widgets.json', '../../../content/ch02/widgets/*.json'], {
  eager: true,
  import: 'default',
});

// A file may carry a top-level "text": strings shared by all its widgets
// (e.g. the tables' "copy as CSV"); a widget's own "text" wins.
function merged(): unknown {
  const main = files['../../../content/ch02/widgets.json'] as { status: unknown; widgets: Record<string, unknown> };
  const widgets: Record<string, unknown> = { ...main.widgets };
  for (const [file, raw] of Object.entries(files)) {
    if (raw === main) continue;
    const { widgets: extra = {}, text: shared = {} } = raw as { widgets?: Record<string, unknown>; text?: Record<string, string> };
    for (const [name, cfg] of Object.entries(extra)) {
      if (name in widgets) throw new Error(`${file}: widget "${name}" is already defined`);
      const own = cfg as { text?: Record<string, string> };
      widgets[name] = { ...own, text: { ...shared, ...own.text } };
    }
  }
  return { status: main.status, widgets };
}

export const siteWidgets: SiteWidgets = checkConfigs(merged());
