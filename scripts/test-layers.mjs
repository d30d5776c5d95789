// What `npm test` (scripts/test.mjs) builds after the WASM module and the
// site, and the layers it then runs in order, each with how to read its
// pass/fail counts: core, sanitizers, wasm, hostile values, fuzz, the JSON
// oracle, content, types and style, then the browser (Playwright: the
// book-wide specs, then the chapter suite once per chapter).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { buildNative, root } from './lib.mjs';
import { siteChapters } from '../web/scripts/book-chapters.mjs';

// The browser layer runs as one Playwright run for the book-wide specs and
// one per chapter of content/book.json for the chapter suite
// (tests/browser/chapters.spec.ts, which TALLY_CHAPTERS narrows), so each
// chapter's cost is printed on its own line.
const CHAPTER_SUITE = 'chapters.spec.ts';
const bookWideSpecs = readdirSync(path.join(root, 'tests/browser'))
  .filter((f) => f.endsWith('.spec.ts') && f !== CHAPTER_SUITE)
  .sort()
  .map((f) => `tests/browser/${f}`);
const chapters = siteChapters(root).map((c) => c.id); // a draft chapter has no pages yet
/** A chapter's own browser specs (tests/browser/ch03/direct.spec.ts): run with its chapter suite. */
const chapterSpecs = (chapter) => {
  const dir = path.join(root, 'tests/browser', chapter);
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.spec.ts'))
        .sort()
        .map((f) => `tests/browser/${chapter}/${f}`)
    : [];
};
// The line reporter for the log, and a JSON report whose test durations give
// the time per spec file (printed after the layers: the slowest specs are
// where the browser layer's CPU goes).
const playwright = (files) => ['npx', ['playwright', 'test', '--reporter=line,json', ...files]];
const playwrightReport = (name) => ({ PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(root, 'build', `playwright-${name}.json`) });

// The fuzz layer's shell: link the three fuzzers (and a one-second smoke run
// each), then run them side by side for a minute each, each to its own log;
// the logs are printed in order and any failure fails the layer.
const FUZZ_TARGETS = ['json_parse', 'hf_import', 'evaluate'];
const FUZZ_ALL = [
  `for t in ${FUZZ_TARGETS.join(' ')}; do scripts/fuzz.sh "$t" 1 > build/fuzz-$t.log 2>&1 || { cat build/fuzz-$t.log; exit 1; }; done`,
  `pids=''; for t in ${FUZZ_TARGETS.join(' ')}; do TALLY_FUZZ_BUILT=1 scripts/fuzz.sh "$t" 60 > build/fuzz-$t.log 2>&1 & pids="$pids $!"; done`,
  'failed=0; for p in $pids; do wait "$p" || failed=1; done',
  `for t in ${FUZZ_TARGETS.join(' ')}; do echo "== fuzz $t"; cat build/fuzz-$t.log; done`,
  'exit $failed',
].join('; ');

// Each layer: how to run it and how to read its pass/fail counts.
const nativeLayers = [
  {
    name: 'core',
    command: ['ctest', ['--preset', 'native', '-V']],
    counts: coreCounts,
  },
  {
    name: 'core under ASan/UBSan',
    command: ['ctest', ['--preset', 'sanitize', '-V']],
    counts: coreCounts,
  },
  {
    name: 'wasm',
    command: ['node', ['--test', 'tests/wasm/']],
    counts: (text) => nodeTestCounts(text),
  },
  {
    // Every field of every op (from `tally schema`) sent 0, negative, huge,
    // tiny, fractional, hex, empty and 100k-element values: each answer
    // finite or refused with a code, and the same natively and in WASM
    // (issue 37). Sampled per field: about 11,000 requests.
    name: 'hostile values',
    command: ['node', ['--test', 'tests/hostile/']],
    counts: (text) => nodeTestCounts(text),
  },
  {
    // Each libFuzzer target for a minute under ASan/UBSan (issue 37): the JSON
    // parser, the config importer and evaluate(), which also fails on an
    // answer slower than its budget or an ok:true number that is not finite.
    // scripts/fuzz.sh links the sanitize preset's libraries (clang, built above).
    // The three run at once (a fuzzer is one process: one after another they
    // left the second core idle for three minutes); each binary is linked
    // first, one at a time, with a one-second run.
    name: 'fuzz',
    command: ['sh', ['-c', FUZZ_ALL]],
    counts: (text) => {
      const done = text.match(/^Done \d+ runs/gm)?.length ?? 0;
      return { passed: done, failed: 3 - done };
    },
  },
  {
    // The JSON oracle (preset native-nlohmann, -O0: only the CLI and the core
    // tests): our parser and writer are held to the named dependency.
    name: 'core on the JSON oracle',
    command: ['ctest', ['--preset', 'native-nlohmann', '-V']],
    counts: coreCounts,
  },
  {
    // Every response of the grid byte-identical between the WASM module (our
    // JSON) and the oracle CLI (nlohmann's).
    name: 'parity grid on the JSON oracle',
    command: ['node', ['--test', 'tests/wasm/parity.test.mjs']],
    env: { TALLY_BIN: path.join(root, 'build/native-nlohmann/tally') },
    counts: (text) => nodeTestCounts(text),
  },
  {
    name: 'content',
    command: ['node', ['--test', 'tests/content/']],
    counts: (text) => nodeTestCounts(text),
  },
  {
    name: 'types',
    command: ['npm', ['run', '--silent', 'typecheck']],
    counts: () => null,
  },
  {
    // The formatters' and typescript-eslint's configs hold for the whole tree (`npm run format` fixes the first two).
    name: 'style',
    command: ['npm', ['run', '--silent', 'style']],
    counts: () => null,
  },
];

const browserLayers = [
  {
    name: 'browser: book-wide specs',
    command: playwright(bookWideSpecs),
    env: playwrightReport('book-wide'),
    report: 'book-wide',
    counts: (text) => playwrightCounts(text),
  },
  ...chapters.map((chapter) => ({
    name: `browser: ${chapter}`,
    command: playwright([`tests/browser/${CHAPTER_SUITE}`, ...chapterSpecs(chapter)]),
    env: { TALLY_CHAPTERS: chapter, ...playwrightReport(chapter) },
    report: chapter,
    counts: (text) => playwrightCounts(text),
  })),
];

/** The native builds, after the WASM module and the site (scripts/test.mjs builds those first). */
export const builds = [
  { label: 'build: native (CLI, core tests)', run: () => buildNative() },
  { label: 'build: sanitizer (ASan/UBSan)', run: () => buildNative('sanitize') },
  { label: 'build: JSON oracle (nlohmann)', run: () => buildNative('native-nlohmann') },
];

/** Every test layer, in the order they run. */
export const layers = [...nativeLayers, ...browserLayers];

// ctest runs each doctest executable as one test among others (the core
// tests, and under the sanitizers also the arena tests): count their doctest
// cases instead of those entries.
function coreCounts(text) {
  const runs = doctestRuns(text);
  const ctest = ctestCounts(text);
  if (!ctest || runs.length === 0) return ctest;
  const failedRuns = runs.filter((r) => r.failed > 0).length;
  const sum = (key) => runs.reduce((total, r) => total + r[key], 0);
  return {
    passed: sum('passed') + ctest.passed - (runs.length - failedRuns),
    failed: sum('failed') + ctest.failed - failedRuns,
  };
}

function doctestRuns(text) {
  return [...text.matchAll(/test cases:\s*(\d+)\s*\|\s*(\d+) passed\s*\|\s*(\d+) failed/g)].map((m) => ({
    passed: Number(m[2]),
    failed: Number(m[3]),
  }));
}
function ctestCounts(text) {
  const m = text.match(/(\d+)% tests passed, (\d+) tests failed out of (\d+)/);
  return m ? { passed: Number(m[3]) - Number(m[2]), failed: Number(m[2]) } : null;
}
function nodeTestCounts(text) {
  const pass = text.match(/^# pass (\d+)/m);
  const fail = text.match(/^# fail (\d+)/m);
  return pass ? { passed: Number(pass[1]), failed: Number(fail?.[1] ?? 0) } : null;
}
// The names of what failed, repeated in the summary: CI keeps only the tail
// of the output, and a count alone does not say which test to look at.
export function failureLines(text) {
  const patterns = [
    /^\s*\d+\) (\[chromium\] › )?tests\/.* › .*/, // Playwright's line reporter
    /^\s*not ok \d+ - .*/, // node --test (TAP)
    /^\s*\d+ - .*\(Failed\)$/, // ctest
    /^.*: ERROR: .*/, // doctest
  ];
  const lines = text.split('\n').map((line) => line.trimEnd());
  const hits = lines.filter((line) => patterns.some((p) => p.test(line))).map((line) => line.trim());
  return [...new Set(hits)].slice(0, 20);
}

/** The summed test durations per spec file of the layers' Playwright JSON reports, slowest first. */
export function specTimes(reports) {
  const perFile = new Map();
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? []) for (const r of t.results ?? []) perFile.set(file, (perFile.get(file) ?? 0) + (r.duration ?? 0) / 1000);
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const report of reports) {
    // The chapter suite is one file run once per chapter: its rows say which.
    const tag = report === 'book-wide' ? '' : ` (${report})`;
    try {
      const file = path.join(root, 'build', `playwright-${report}.json`);
      for (const suite of JSON.parse(readFileSync(file, 'utf8')).suites ?? []) walk(suite, `${suite.file}${tag}`);
    } catch {
      // A layer that did not run (a build failed first) has no report.
    }
  }
  if (perFile.size === 0) return null;
  return [...perFile]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([file, seconds]) => `  ${seconds.toFixed(1).padStart(7)} s  ${file}`)
    .join('\n');
}

function playwrightCounts(text) {
  const passed = text.match(/(\d+) passed/g)?.pop();
  const failed = text.match(/(\d+) failed/g)?.pop();
  if (!passed && !failed) return null;
  return { passed: Number(passed?.match(/\d+/)[0] ?? 0), failed: Number(failed?.match(/\d+/)[0] ?? 0) };
}
