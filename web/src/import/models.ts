// The reader's imported models, held for the page's lifetime. Each entry is
// the core's import_hf_config result; the spec inside it is what every op
// receives when a request names the model's id (see withImportedModels).

import { type Engine, type Fields, type Json, type RawResult } from '../runtime/engine';
import { fill, importText } from './text';

export interface ImportedModel {
  id: string;
  name: string;
  /** The spec the core built: sent inline as `model`. */
  spec: Json;
  /** The core's short config text: what storage and share links keep. */
  sharedText: string;
  /** The whole import result (summary fields, notes). */
  result: RawResult;
  /** Set when the page gave it another id than the core's, because that one was taken (withFreeId). */
  coreId?: string;
}

/** Reads the fields this file relies on from an import result (a protocol check, not validation). */
export function modelOf(result: RawResult): ImportedModel {
  const spec = result.spec as Record<string, Json> | undefined;
  const shared = result.shared_config_text;
  if (!spec || typeof spec.id !== 'string' || typeof spec.name !== 'string' || typeof shared !== 'string') {
    throw new Error('import_hf_config: result lacks spec.id, spec.name or shared_config_text');
  }
  return { id: spec.id, name: spec.name, spec, sharedText: shared, result };
}

/**
 * The model under `id` (a free one next to the core's), its name told apart
 * in the pickers. The spec carries the new id, so every request naming it works.
 */
export function renamed(m: ImportedModel, id: string): ImportedModel {
  const n = id.slice(m.id.length + 1);
  const name = fill(importText.duplicate_name, { name: m.name, n });
  const spec = { ...(m.spec as Record<string, Json>), id, name };
  return { ...m, id, name, spec, coreId: m.id };
}

/** A kept id given to a stored model earlier ("hf-llama-2" for "hf-llama"); anything else is refused, so storage cannot shadow a catalog id. */
export function isSuffixOf(id: string, coreId: string): boolean {
  return id.startsWith(`${coreId}-`) && /^[2-9]\d*$|^[1-9]\d+$/.test(id.slice(coreId.length + 1));
}

/**
 * The model with an id no other model holds: the core's id ("hf-llama"),
 * else "hf-llama-2", "hf-llama-3"… Two configs the core names alike (two
 * nameless Llamas) are both kept; the same config again keeps its id.
 */
export function withFreeId(m: ImportedModel, holderOf: (id: string) => ImportedModel | undefined): ImportedModel {
  const holder = holderOf(m.id);
  if (!holder || holder.sharedText === m.sharedText) return m;
  for (let n = 2; ; n++) {
    const other = holderOf(`${m.id}-${n}`);
    if (!other || other.sharedText === m.sharedText) return renamed(m, `${m.id}-${n}`);
  }
}

type Listener = () => void;

export class ImportedModels {
  private readonly byId = new Map<string, ImportedModel>();
  private readonly listeners: Listener[] = [];
  /** Imports under way (stored, or from a link just opened): requests wait for them. */
  private pending: Promise<unknown> = Promise.resolve();
  private busy = false;

  list(): ImportedModel[] {
    return [...this.byId.values()];
  }
  get(id: string): ImportedModel | undefined {
    return this.byId.get(id);
  }
  /** Adds or replaces (same id); returns true when it replaced an earlier import. */
  put(model: ImportedModel): boolean {
    const replaced = this.byId.has(model.id);
    this.byId.set(model.id, model);
    this.changed();
    return replaced;
  }
  /** Exactly these models (another tab changed the stored list). */
  replaceAll(models: ImportedModel[]): void {
    this.byId.clear();
    for (const m of models) this.byId.set(m.id, m);
    this.changed();
  }
  remove(id: string): void {
    if (this.byId.delete(id)) this.changed();
  }
  /** Requests made from now on wait until `work` settles (so a linked model is known before widgets ask). */
  track(work: Promise<unknown>): void {
    const before = this.pending;
    const all = Promise.all([before, work.catch(() => undefined)]);
    this.pending = all;
    this.busy = true;
    void all.then(() => {
      if (this.pending === all) this.busy = false;
    });
  }
  /** Resolves when no import is under way (at once, without a promise hop, when none is). */
  settled(): Promise<unknown> | null {
    return this.busy ? this.pending : null;
  }
  onChange(listener: Listener): void {
    this.listeners.push(listener);
  }
  private changed(): void {
    for (const l of this.listeners) l();
  }

  /** Request fields with an imported model's id replaced by its spec. */
  inline(fields: Fields | undefined): Fields | undefined {
    const id = fields?.model;
    if (typeof id !== 'string') return fields;
    const m = this.byId.get(id);
    return m ? { ...fields, model: m.spec } : fields;
  }
}

/** The page's one registry. */
export const importedModels = new ImportedModels();

/**
 * An engine that knows the imported models: a request whose `model` is an
 * imported id goes to the core with the spec inline. Ids the page does not
 * hold pass through unchanged, so the core explains an unknown id.
 */
export function withImportedModels(engine: Engine, models: ImportedModels = importedModels): Engine {
  // Widgets update on every keystroke: only wait when an import is under way.
  const typed = (async (op, fields) => {
    const wait = models.settled();
    if (wait) await wait;
    return engine(op, models.inline(fields));
  }) as Engine;
  const raw = async (op: string, fields?: Fields) => {
    const wait = models.settled();
    if (wait) await wait;
    return engine.raw(op, models.inline(fields));
  };
  return Object.assign(typed, { raw });
}

/** Ask the core to import one config text; resolves to the model or rejects with the core's EngineError. */
export async function importConfig(engine: Engine, configText: string, name = ''): Promise<ImportedModel> {
  const fields: Fields = { config_text: configText };
  if (name.trim() !== '') fields.name = name.trim();
  return modelOf(await engine.raw('import_hf_config', fields));
}
