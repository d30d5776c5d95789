// The KV designs of the V4.1 article (content/articles/kv-designs.json): the
// article's per-token figures as data, labelled as its inference, and the
// chapter's exact models, which the core computes from their specs. Each
// design is a set of kv_footprint request fields; the core validates them.
import type { Engine, Fields, FootprintResult } from '../runtime/engine';
import raw from '../../../content/articles/kv-designs.json';

export interface Design {
  id: string;
  label: string;
  inferred: boolean;
  request: Fields;
}

export const designs: Design[] = raw.designs as unknown as Design[];
/** The old baseline both card ratios are measured against (bytes per token, exact text). */
export const baseline: string = raw.baseline;

export function design(id: string): Design {
  const d = designs.find((x) => x.id === id);
  if (!d) throw new Error(`content/articles/kv-designs.json: no design "${id}"`);
  return d;
}

/** One design's footprint for the reader's fields (tokens, requests, …). */
export function footprint(engine: Engine, d: Design, fields: Fields): Promise<FootprintResult> {
  return engine('kv_footprint', { ...d.request, ...fields });
}
