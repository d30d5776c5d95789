// The catalog's model and GPU names that match a query (search/names-build.ts
// writes them at build time), fetched with the index on first use.

import type { SearchName } from './names-build';

/** Case, spaces and dashes do not matter: "h200", "H 200", "qwen3 8b". */
const norm = (s: string) => s.toLowerCase().replace(/[\s\-_·]+/g, '');

let names: Promise<SearchName[]> | undefined;

export function loadNames(url: string): Promise<SearchName[]> {
  names ??= fetch(new URL(url, document.baseURI)).then((r) => {
    if (!r.ok) throw new Error(`${r.status} ${url}`);
    return r.json() as Promise<SearchName[]>;
  });
  names.catch(() => (names = undefined));
  return names;
}

/** Names the query contains, or that contain the query (two characters at least). */
export function matchingNames(all: SearchName[], query: string): SearchName[] {
  const q = norm(query);
  if (q.length < 2) return [];
  return all.filter((n) => [n.name, n.id].some((k) => norm(k).includes(q) || q.includes(norm(k))));
}
