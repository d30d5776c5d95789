// The search box's words (content/<chapter>/search.json), typed once for the
// build-time markup and the browser code that reads them back from it.

export interface SearchText {
  open: string;
  open_hint: string;
  title: string;
  label: string;
  placeholder: string;
  close: string;
  loading: string;
  empty: string;
  count: string;
  /** No page has the query, but catalog names match it. */
  names_only: string;
  failed: string;
  names_heading: string;
  model_link: string;
  gpu_link: string;
  /** The widget a model or GPU name links to, preset to it (e.g. capacity with gpu=h200). */
  preset_widget: string;
  preset_keys: { model: string; gpu: string };
  pages_heading: string;
}

/** The texts the browser needs, carried on the dialog as JSON (no strings in the bundle). */
export type SearchRuntimeText = Pick<
  SearchText,
  'loading' | 'empty' | 'count' | 'names_only' | 'failed' | 'names_heading' | 'model_link' | 'gpu_link' | 'pages_heading'
>;

/** "{count} 頁有「{query}」" with its placeholders filled. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
