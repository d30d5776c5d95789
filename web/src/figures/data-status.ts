// The status line of a widget that shows data, not the core's numbers (a
// measured or published table or chart). The chapter's line says the core
// computed what is shown, which is not true here; the file's
// text.data_status says whose data it is instead, with {dataset} the
// dataset's id (content/<chapter>/data/<id>.json), named in the source line.

import { text } from '../runtime/config';
import type { WidgetContext } from '../runtime/widget';
import { dataOf } from './content';

export function dataStatus({ cfg }: WidgetContext): string {
  return text(cfg, 'data_status').replace('{dataset}', dataOf<string>(cfg, 'dataset'));
}
