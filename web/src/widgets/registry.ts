// Widget kinds by the name used in content (```widget <instance>``` → kind).
import type { AnyWidgetDef } from '../runtime/widget';
import { capacity } from './capacity';
import { decode } from './decode';
import { table21 } from './table-2-1';

export const widgets: Record<string, AnyWidgetDef> = {
  'table-2-1': table21,
  capacity,
  decode,
};
