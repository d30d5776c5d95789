// What a page's imported models share between the importer's modules
// (index.ts starts it, dialog.ts uses it): its own module, so the dialog
// does not import the module that wires it.
import type { Engine } from '../runtime/engine';

export interface ImportSession {
  /** The page's engine: requests naming an imported id carry its spec. */
  engine: Promise<Engine>;
  /** The core imports themselves go to (the book's one core, without the imported specs inlined). */
  core: Promise<Engine>;
  /** Reader-facing problems met while restoring stored and linked models. */
  problems: Promise<string[]>;
}
