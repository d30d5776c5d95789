// The book (content/book.json) drives `tally reproduce <chapter>`: every
// chapter it lists (drafts too) reproduces its ledger, and a chapter it does
// not list is refused with the chapters it has.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tally = path.join(root, 'build/native/tally');
const book = JSON.parse(fs.readFileSync(path.join(root, 'content/book.json'), 'utf8'));

const entry = (c) => [c.id, c.number, c.content, c.figure_prefix, c.exercise_prefix, c.ledger];

test('the book lists chapters 2 and 3 (both published) first, with their directories, prefixes and ledgers', () => {
  assert.deepEqual(
    book.chapters.slice(0, 2).map((c) => [...entry(c), c.draft === true]),
    [
      ['ch02', 2, 'ch02', 'fig-2-', '2-', 'ch02*.json', false],
      ['ch03', 3, 'ch03', 'fig-3-', '3-', 'ch03*.json', false],
    ],
  );
});

test('every chapter of the book is named by its number, in book order (the folders of docs/adding-a-chapter.md)', () => {
  for (const c of book.chapters) {
    const nn = String(c.number).padStart(2, '0');
    assert.deepEqual(entry(c), [`ch${nn}`, c.number, `ch${nn}`, `fig-${c.number}-`, `${c.number}-`, `ch${nn}*.json`]);
  }
  const numbers = book.chapters.map((c) => c.number);
  assert.deepEqual(numbers, [...numbers].sort((a, b) => a - b));
});

test("the API serves the shared ops, then each chapter's own from its folder, in book order (cmake/book_chapters.cmake)", () => {
  const run = spawnSync(tally, ['schema'], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const names = JSON.parse(run.stdout).ops.map((o) => o.name);
  assert.equal(new Set(names).size, names.length);
  // The shared ops first (catalog … import_hf_config), then each chapter folder's list
  // (src/api/ops/chNN/ops.hpp, TALLY_CHNN_OPS) as one block, in book order: chapter 2's
  // from routing, chapter 3's from fluid_backlog.
  const snake = (camel) => camel.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
  const listed = (header) => {
    const text = fs.readFileSync(header, 'utf8');
    const macro = text.slice(text.indexOf('#define TALLY_'));
    return [...macro.matchAll(/&k([A-Z][A-Za-z0-9]+)Op\b/g)].map((m) => snake(m[1]));
  };
  const blocks = [listed(path.join(root, 'src/api/ops/all_ops.hpp'))];
  for (const chapter of book.chapters) {
    const header = path.join(root, 'src/api/ops', chapter.id, 'ops.hpp');
    if (fs.existsSync(header)) blocks.push(listed(header));
  }
  assert.deepEqual(names, blocks.flat());
  assert.deepEqual([blocks[0][0], blocks[0].at(-1), blocks[1][0], blocks[2][0], blocks[2].at(-1)], ['catalog', 'import_hf_config', 'routing', 'fluid_backlog', 'moe_training']);
});

test('tally reproduce ch03 counts measured, published and assumed numbers apart, each agreeing with its dataset', () => {
  const run = spawnSync(tally, ['reproduce', 'ch03', '--format', 'json'], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr + run.stdout.slice(0, 2000));
  const { ledger } = JSON.parse(run.stdout);
  assert.deepEqual([ledger.measured, ledger.published, ledger.assumed, ledger.matched], [50, 63, 106, 219]);
  assert.equal(ledger.reproduced, ledger.derivable);
  assert.equal(ledger.total, ledger.derivable + ledger.missing + ledger.measured + ledger.published + ledger.assumed);
  const replay = ledger.entries.find((e) => e.id === 'c3.replay.uniform.ttft_p95');
  assert.deepEqual([replay.kind, replay.printed, replay.computed, replay.matched], ['measured', '242.9', '242.9', true]);
  assert.equal(replay.source, 'vllm-replay: reports[mode=uniform].ttft_p95_s');
  // Chapter 2 has no sourced entries: its report has none of these fields.
  const ch02 = JSON.parse(spawnSync(tally, ['reproduce', 'ch02', '--format', 'json'], { encoding: 'utf8' }).stdout).ledger;
  assert.equal(ch02.measured, undefined);
  assert.equal(ch02.entries[0].kind, undefined);
});

test('tally reproduce ch02 reproduces 318 of 318 derivable numbers (323 in the ledger)', () => {
  const run = spawnSync(tally, ['reproduce', 'ch02', '--format', 'json'], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const { ledger, tables } = JSON.parse(run.stdout);
  assert.deepEqual([ledger.reproduced, ledger.derivable, ledger.total], [318, 318, 323]);
  assert.equal(tables[0].id, 'tab-2-1');
  const md = spawnSync(tally, ['reproduce', 'ch02'], { encoding: 'utf8' });
  assert.match(md.stdout, /^# 第 2 章：由 Tally 核心重算\n/);
  assert.match(md.stdout, /- 重現：318 \/ 可推導 318 \/ 全部 323\n/);
});

test('a chapter the book does not list is refused with the ones it has', () => {
  const run = spawnSync(tally, ['reproduce', 'ch00'], { encoding: 'utf8' });
  assert.equal(run.status, 2);
  const ids = book.chapters.map((c) => c.id).join('、');
  assert.match(ids, /^ch02、ch03/);
  assert.equal(run.stderr, `tally: 用法：tally reproduce <章> [--format md|json]；書中的章：${ids}\n`);
});
