// Every link of every built page lands (issue 39, item 7): over dist/, every
// page of every edition (chapter pages, the contents page, embeds, articles,
// the offline page), each relative href and src names a file the build
// wrote; a #anchor names an id of its page; a widget-state hash
// (#capacity:gpu=h200, #ex-2-9:seed=3) names a widget or exercise of its page.
// Read from dist/ with no browser: a few hundred pages in well under a second.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'dist');
const built = existsSync(path.join(dist, 'index.html'));

/** An exercise id's element id (2-9 → exercise-2-9, lab-4-5 → lab-4-5), by content/book.json's kinds as the site's runtime/book.ts reads them. */
const kinds = JSON.parse(readFileSync(path.join(root, 'content/book.json'), 'utf8')).exercise_kinds;
function anchorOf(id) {
  const kind = [...kinds].sort((a, b) => b.id_prefix.length - a.id_prefix.length).find((k) => id.startsWith(k.id_prefix));
  return `${kind.anchor_prefix}${id.slice(kind.id_prefix.length)}`;
}

/** Every .html file under dist/ (relative paths), the old embed versions (dist/v/) aside: they are frozen copies. */
function htmlFiles(dir = '') {
  return readdirSync(path.join(dist, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return rel === 'v' || rel === 'pagefind' ? [] : htmlFiles(rel);
    return entry.name.endsWith('.html') ? [rel] : [];
  });
}

const pages = new Map();
/** A built page's text (cached). */
const html = (rel) => {
  if (!pages.has(rel)) pages.set(rel, readFileSync(path.join(dist, rel), 'utf8'));
  return pages.get(rel);
};

const decodeEntities = (s) => s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');

/** The href and src values a page's markup holds, outside scripts and inline JSON (templates are markup too). */
function targetsOf(text) {
  const markup = text.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
  return [...markup.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => decodeEntities(m[1]));
}

const idsOf = new Map();
function ids(rel) {
  if (!idsOf.has(rel)) idsOf.set(rel, new Set([...html(rel).matchAll(/\sid="([^"]+)"/g)].map((m) => decodeEntities(m[1]))));
  return idsOf.get(rel);
}
const instancesOf = new Map();
function instances(rel) {
  if (!instancesOf.has(rel)) instancesOf.set(rel, new Set([...html(rel).matchAll(/\sdata-instance="([^"]+)"/g)].map((m) => m[1])));
  return instancesOf.get(rel);
}

/** Why a fragment does not land on page `rel`, or '' when it does. */
function fragmentProblem(rel, fragment) {
  if (fragment === '' || fragment === 'top') return '';
  const segments = fragment.split(';');
  const state = segments.filter((s) => s.indexOf(':') > 0);
  if (!state.length) return ids(rel).has(decodeURIComponent(fragment)) ? '' : 'no such id';
  for (const segment of state) {
    const name = decodeURIComponent(segment.slice(0, segment.indexOf(':')));
    if (name === 'import') continue; // a shared model, read by the import code of every page
    const exercise = /^ex-(.+)$/.exec(name);
    const lands = instances(rel).has(name) || (exercise && ids(rel).has(anchorOf(exercise[1])));
    if (!lands) return `no widget or exercise "${name}"`;
  }
  return '';
}

/** Problems of one link from page `from` to `target`, or '' when it lands. */
function linkProblem(from, target) {
  if (/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(target)) return ''; // another site (https:, mailto:, data:): not ours to check here
  const [pathPart, fragment = ''] = target.split(/#(.*)/s);
  const clean = pathPart.split('?')[0];
  let rel = clean === '' ? from : path.posix.normalize(path.posix.join(path.posix.dirname(from), decodeURIComponent(clean)));
  if (rel.startsWith('../') || rel === '..') return 'leaves the site';
  const file = path.join(dist, rel);
  if (!existsSync(file)) return 'no such file';
  if (statSync(file).isDirectory()) {
    rel = path.posix.join(rel, 'index.html');
    if (!existsSync(path.join(dist, rel))) return 'a folder without index.html';
  }
  return rel.endsWith('.html') ? fragmentProblem(rel, fragment) : '';
}

test('dist/ holds the three editions', { skip: !built && 'dist/ is not built (node scripts/build.mjs)' }, () => {
  for (const dir of ['', 'zh-Hans/', 'en/']) assert.ok(existsSync(path.join(dist, dir, 'ch03.html')), `${dir}ch03.html`);
});

test('every link and source of every built page lands on a file, an id, or a widget of its page', { skip: !built && 'dist/ is not built' }, () => {
  const files = htmlFiles();
  assert.ok(files.length > 60, `only ${files.length} pages`);
  const broken = [];
  let checked = 0;
  let fragments = 0;
  for (const from of files) {
    for (const target of targetsOf(html(from))) {
      checked += 1;
      if (target.includes('#')) fragments += 1;
      const problem = linkProblem(from, target);
      if (problem) broken.push(`${from} → ${target} (${problem})`);
    }
  }
  assert.deepEqual([...new Set(broken)], []);
  // It looked at something: over three thousand links, about a thousand of them to anchors.
  assert.ok(checked > 3000, `only ${checked} links`);
  assert.ok(fragments > 800, `only ${fragments} links to anchors`);
});

test('the progress table of each chapter links every exercise to its chapter\'s page, in every edition', { skip: !built && 'dist/ is not built' }, () => {
  for (const dir of ['', 'zh-Hans/', 'en/']) {
    for (const page of ['ch02.html', 'ch03.html', 'ch04.html']) {
      const table = /<section class="exercise-progress"[\s\S]*?<\/table>/.exec(html(`${dir}${page}`))?.[0] ?? '';
      const links = [...table.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
      assert.ok(links.includes('2-1.html#exercise-2-1') && links.includes('2-6.html#exercise-2-9'), `${dir}${page}: ${links.slice(0, 3).join(' ')}`);
      assert.ok(links.some((l) => /^3-\d\.html#exercise-3-2$/.test(l)), `${dir}${page}: exercise 3-2`);
      // Labs and think boxes link by their own element ids (content/book.json exercise_kinds).
      assert.ok(links.includes('4-8.html#lab-4-5') && links.includes('4-1.html#think-4-1'), `${dir}${page}: lab 4-5, think 4-1`);
      assert.deepEqual(
        links.filter((l) => l.startsWith('#')),
        [],
        `${dir}${page}: a same-page link`,
      );
    }
  }
});
