// Where the data a widget shows comes from (issue 39, item 5): each dataset's
// source (content/<chapter>/data/<id>.json "source") as a link on the
// widget's source line. A file of a repository is linked at the commit the
// data was read from; a source with an address of its own (a paper, a web
// page) by that address. The book's files link to the book's one repository
// (content/site/book-source.json), whatever copy of it a dataset names.
// Only each file's "source" is bundled, not its values.
import book from '../../../content/site/book-source.json';
import { attrs, esc } from '../runtime/html';
import { ui } from '../i18n/ui';

interface DatasetSource {
  repo: string;
  path: string;
  commit?: string;
  url?: string;
}

const sources = import.meta.glob<DatasetSource>('../../../content/*/data/*.json', { import: 'source', eager: true });
const byId = new Map(Object.entries(sources).map(([file, source]) => [file.replace(/^.*\/|\.json$/g, ''), source]));

const encodePath = (file: string) => file.split('/').map(encodeURIComponent).join('/');

/** The address of a dataset's source, or undefined for an unknown dataset. */
export function datasetSourceUrl(id: string): string | undefined {
  const s = byId.get(id);
  if (!s) return undefined;
  if (s.url) return s.url;
  const repository = s.repo.endsWith('/ai-infra-book') ? book.repository : `https://github.com/${s.repo}`;
  return `${repository}/blob/${s.commit ?? 'HEAD'}/${encodePath(s.path)}`;
}

/** The source line's link (markup), or '' when the dataset is unknown. */
export function datasetSourceLink(id: string): string {
  const href = datasetSourceUrl(id);
  return href ? ` <a${attrs({ href, rel: 'external', class: 'dataset-source' })}>${esc(ui.source.dataset_link)}</a>` : '';
}
