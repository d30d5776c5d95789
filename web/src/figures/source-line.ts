// The source line of a widget that shows a dataset (content/<chapter>/data/*.json):
// the content's words for what and where, then a link to the file at the commit
// read (figures/dataset-sources.ts). One line for every kind that draws
// measured data (measured-bars, measured-tree, outcome-grid, a gantt of a dataset).

import type { WidgetConfig } from '../runtime/config';
import { dataOf } from './content';
import { datasetSourceUrl } from './dataset-sources';
import { ui } from '../i18n/ui';
import { el, type Mark } from './marks';

export function sourceLine(cfg: WidgetConfig): Mark {
  const dataset = dataOf<string>(cfg, 'dataset');
  const href = datasetSourceUrl(dataset);
  return el('p', { class: 'tally-notes measured-source', 'data-dataset': dataset }, [
    el('span', {}, `${dataOf<string>(cfg, 'source')} `),
    ...(href ? [el('a', { href, rel: 'external', class: 'dataset-source' }, ui.source.dataset_link)] : []),
  ]);
}
