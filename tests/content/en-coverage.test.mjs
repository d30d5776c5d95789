// The English edition's maps (content/i18n/en/**) follow their Traditional
// sources exactly: every reader-facing string has its English, and no map
// keeps a translation of a text its source no longer holds (such a key
// would hide a changed sentence whose English never followed).
import assert from 'node:assert/strict';
import test from 'node:test';

import { coverage } from '../../scripts/i18n/strings.mjs';

const files = coverage('en');

test('every reader-facing string of content/ has its English', () => {
  assert.ok(files.length > 40, `${files.length} content files`);
  assert.ok(files.reduce((n, f) => n + f.wanted, 0) > 2000);
  assert.deepEqual(files.filter((f) => f.missing.length).map((f) => [f.file, f.missing]), []);
});

test('no English map keeps a string its Traditional source no longer has', () => {
  assert.deepEqual(files.filter((f) => f.stale.length).map((f) => [f.file, f.stale]), []);
});
