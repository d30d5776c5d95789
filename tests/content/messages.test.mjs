// The message catalog: its table in docs/api.md is current, and it names
// the same parameters in a detail as in its message.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';

import { readCatalog } from '../../scripts/messages-catalog.mjs';
import { withCodes } from '../../scripts/messages-doc.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const catalog = readCatalog(root, 'zh-Hant');

test('docs/api.md lists every message code as the catalog has it', () => {
  const doc = readFileSync(path.join(root, 'docs/api.md'), 'utf8');
  assert.equal(withCodes(doc, catalog), doc, 'run node scripts/messages-doc.mjs');
  for (const code of Object.keys(catalog.messages).filter((k) => !k.endsWith('.detail'))) {
    assert.ok(doc.includes(`| \`${code}\` |`), code);
  }
});

test('a detail names only the parameters of its message', () => {
  const slots = (s) => new Set([...s.matchAll(/\{([a-z][a-z0-9_]*)\}/g)].map((m) => m[1]));
  let details = 0;
  for (const [key, text] of Object.entries(catalog.messages)) {
    if (!key.endsWith('.detail')) continue;
    details += 1;
    const base = catalog.messages[key.slice(0, -'.detail'.length)];
    assert.equal(typeof base, 'string', `${key} has no message`);
    for (const name of slots(text)) assert.ok(slots(base).has(name), `${key}: {${name}}`);
  }
  assert.ok(details >= 5);
});
