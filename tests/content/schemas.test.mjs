// Content schemas (content/schemas, web/scripts/content-schemas.mjs): the
// book's content conforms, and a content file with a schema error stops the
// site build with the file, the place in it and what is wrong.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { checkContent, contentFiles, ContentError } from '../../web/scripts/content-schemas.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A scratch copy of what the content check and the build script read, with `edit` applied. */
function scratch(edit) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-content-'));
  fs.cpSync(path.join(root, 'content'), path.join(dir, 'content'), { recursive: true });
  fs.cpSync(path.join(root, 'tests/ledger'), path.join(dir, 'tests/ledger'), { recursive: true });
  fs.cpSync(path.join(root, 'web/scripts'), path.join(dir, 'web/scripts'), { recursive: true });
  fs.symlinkSync(fs.realpathSync(path.join(root, 'node_modules')), path.join(dir, 'node_modules'));
  edit(dir);
  return dir;
}

function editJson(dir, file, change) {
  const full = path.join(dir, file);
  const data = JSON.parse(fs.readFileSync(full, 'utf8'));
  change(data);
  fs.writeFileSync(full, JSON.stringify(data, null, 1));
}

function problems(dir) {
  try {
    checkContent(dir);
  } catch (error) {
    assert.ok(error instanceof ContentError, error.message);
    return error.message;
  }
  assert.fail('the content check accepted a broken file');
}

test('every content file of the book conforms to the schema it names', () => {
  checkContent(root);
  const files = contentFiles(root);
  const bySchema = {};
  for (const entry of files) (bySchema[entry[1]] ??= []).push(entry);
  assert.deepEqual(bySchema.book.map(([f]) => f), ['content/book.json']);
  assert.equal(bySchema.model.length, fs.readdirSync(path.join(root, 'content/models')).length);
  assert.equal(bySchema.hardware.length, fs.readdirSync(path.join(root, 'content/hardware')).length);
  // 2-1 … 2-9, 3-1 … 3-10, and chapter 4's labs and think boxes (lab-4-1 … think-4-3).
  assert.equal(bySchema.exercise.length, 9 + 10 + 9);
  assert.deepEqual(
    bySchema.exercise.map(([f]) => f).filter((f) => f.startsWith('content/ch04/')).sort(),
    ['lab-4-1', 'lab-4-3', 'lab-4-4', 'lab-4-5', 'lab-4-8', 'think-4-1', 'think-4-2', 'think-4-3', 'think-4-4'].map((id) => `content/ch04/exercises/${id}.json`),
  );
  // Every chapter's widgets.json and widgets/*.json (chapter 3's arrive section by section).
  const chapterWidgetFiles = (dir) =>
    (fs.existsSync(path.join(root, 'content', dir, 'widgets.json')) ? 1 : 0) +
    (fs.existsSync(path.join(root, 'content', dir, 'widgets')) ? fs.readdirSync(path.join(root, 'content', dir, 'widgets')).length : 0);
  const chapters = fs.readdirSync(path.join(root, 'content')).filter((d) => /^ch\d\d$/.test(d));
  assert.equal(
    bySchema.widgets.length,
    chapters.reduce((n, d) => n + chapterWidgetFiles(d), 0),
  );
  assert.equal(bySchema.ledger.length, fs.readdirSync(path.join(root, 'tests/ledger')).filter((f) => /^ch\d\d.*\.json$/.test(f)).length);
  const dataFiles = (d) => (fs.existsSync(path.join(root, 'content', d, 'data')) ? fs.readdirSync(path.join(root, 'content', d, 'data')).length : 0);
  assert.equal(bySchema.dataset.length, chapters.reduce((n, d) => n + dataFiles(d), 0));
});

test('a control of an unknown kind is named by file, place and the kinds allowed', () => {
  const dir = scratch((d) => editJson(d, 'content/ch02/widgets.json', (w) => (w.widgets['table-2-1'].controls[0].kind = 'slider')));
  assert.match(
    problems(dir),
    /content\/ch02\/widgets\.json: \/widgets\/table-2-1\/controls\/0\/kind: must be equal to one of the allowed values \(integer, select, range\)/,
  );
});

test('a select without options and a range without bounds are refused', () => {
  const dir = scratch((d) =>
    editJson(d, 'content/ch02/widgets.json', (w) => {
      delete w.widgets.capacity.controls[0].options;
      Object.assign(w.widgets.capacity.controls[4], { kind: 'range', min: '1' });
    }),
  );
  const text = problems(dir);
  assert.match(text, /content\/ch02\/widgets\.json: \/widgets\/capacity\/controls\/0: must have required property 'options'/);
  assert.match(text, /content\/ch02\/widgets\.json: \/widgets\/capacity\/controls\/4: must have required property 'max'/);
});

test('other helpers may add settings to controls and data without a schema change', () => {
  const dir = scratch((d) =>
    editJson(d, 'content/ch02/widgets.json', (w) => {
      Object.assign(w.widgets.capacity.controls[4], { slider: { min: '1', max: '1048576', log: true } });
      w.widgets.capacity.data = { markers: [{ at: '8192', label: '8K' }] };
    }),
  );
  checkContent(dir);
});

test('an exercise part with one hint, a ledger entry without its missing fact, an old path and a missing $schema are each named', () => {
  const dir = scratch((d) => {
    editJson(d, 'content/ch02/exercises/2-5.json', (x) => (x.parts[0].hints = ['只有一個提示']));
    editJson(d, 'content/ch02/exercises/2-2.json', (x) => (x.parts[0].expected.field = 'items#attn_core.flops'));
    editJson(d, 'tests/ledger/ch02-kimi-k3.json', (l) => {
      const entry = l.entries.find((e) => e.derivable === false);
      delete entry.missing;
    });
    editJson(d, 'content/hardware/h200.json', (h) => delete h.$schema);
  });
  const text = problems(dir);
  assert.match(text, /content\/ch02\/exercises\/2-5\.json: \/parts\/0\/hints: must NOT have fewer than 2 items/);
  assert.match(text, /content\/ch02\/exercises\/2-2\.json: \/parts\/0\/expected\/field: must match pattern/);
  assert.match(text, /tests\/ledger\/ch02-kimi-k3\.json: \/entries\/\d+: must have required property 'missing'/);
  assert.match(text, /content\/hardware\/h200\.json: "\$schema" must be "\.\.\/schemas\/hardware\.schema\.json" \(found null\)/);
});

test('the site build stops on a schema error before building anything', () => {
  const dir = scratch((d) => editJson(d, 'content/models/qwen3-8b.json', (m) => (m.hidden = '4096')));
  const run = spawnSync(process.execPath, [path.join(dir, 'web/scripts/build-site.mjs')], { encoding: 'utf8' });
  assert.equal(run.status, 1);
  assert.match(run.stderr, /build:site: content does not match content\/schemas:\n {2}content\/models\/qwen3-8b\.json: \/hidden: must be integer/);
  assert.equal(fs.existsSync(path.join(dir, 'dist')), false);
});
