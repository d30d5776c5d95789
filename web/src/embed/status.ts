// The status line of an embedded widget: the chapter's texts (loading, no
// script, fixed widgets) without the "differs from the book" marker, since an
// embed's state is its author's choice rather than a departure from the print.
import type { StatusText } from '../runtime/widget';
import { siteWidgets } from '../runtime/site-config';

export function embedStatus(): StatusText {
  const { differs: _differs, reset: _reset, ...rest } = siteWidgets.status as StatusText & typeof siteWidgets.status;
  return rest;
}
