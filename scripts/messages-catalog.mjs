// One language's message catalog: the files content/messages/<lang>/*.json
// (one per domain: errors, words, …) and a chapter's own in
// content/messages/<lang>/chNN/*.json, merged into one { lang, messages }.
// A code defined in two files of the same language is an error, as it is in
// cmake/embed_messages.cmake, which compiles the same files into the core.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The catalog files of one language, relative to content/messages/<lang>/ ("errors.json", "ch03/flow.json"), sorted. */
export function messageFiles(root, lang) {
  const dir = path.join(root, 'content/messages', lang);
  return readdirSync(dir, { recursive: true })
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => f.endsWith('.json'))
    .sort();
}

export function readCatalog(root, lang) {
  const dir = path.join(root, 'content/messages', lang);
  const messages = {};
  for (const name of messageFiles(root, lang)) {
    const part = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
    for (const [code, text] of Object.entries(part.messages)) {
      if (code in messages) throw new Error(`content/messages/${lang}/${name}: "${code}" is also defined in another file`);
      messages[code] = text;
    }
  }
  return { lang, messages };
}
