// Shared steps of `npm start`, `npm test`, `npm run build` and `npm run bench`.
// Only Node built-ins here: these scripts run before node_modules exists.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Debian packages the build needs, and a file that proves each is present.
const SYSTEM_PACKAGES = [
  { pkg: 'cmake', probe: '/usr/bin/cmake' },
  { pkg: 'g++', probe: '/usr/bin/g++' },
  { pkg: 'emscripten', probe: '/usr/bin/emcc' },
  { pkg: 'nlohmann-json3-dev', probe: '/usr/include/nlohmann/json.hpp' },
  { pkg: 'doctest-dev', probe: '/usr/include/doctest/doctest.h' },
  // The fuzzers (scripts/fuzz.sh, a layer of npm test): clang with libFuzzer.
  { pkg: 'clang-14', probe: '/usr/bin/clang++-14' },
  { pkg: 'libclang-rt-14-dev', probe: '/usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.fuzzer-x86_64.a' },
];
// fonts-noto-cjk: without a CJK font Chromium draws the pages' zh-Hant text
// as boxes in screenshots (the visual baselines). Installed locally; the site
// names it in its font stack and never downloads a web font.
const BROWSER_PACKAGES = [
  { pkg: 'chromium', probe: '/usr/bin/chromium' },
  { pkg: 'fonts-noto-cjk', probe: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc' },
];

export function log(message) {
  console.log(`\n▶ ${message}`);
}

// Run a command with inherited output; throw with a clear message on failure.
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw new Error(`${command} could not start: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
}

// Run a command, stream its output, and return what it printed.
export function runCaptured(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    const keep = (stream, sink) =>
      stream.on('data', (chunk) => {
        text += chunk;
        sink.write(chunk);
      });
    keep(child.stdout, process.stdout);
    keep(child.stderr, process.stderr);
    child.on('close', (status) => resolve({ status, text }));
    child.on('error', (error) => resolve({ status: -1, text: `${command}: ${error.message}` }));
  });
}

// Install missing Debian packages (we run as root here; use sudo otherwise).
export function ensureSystemPackages({ browser = false } = {}) {
  const wanted = browser ? [...SYSTEM_PACKAGES, ...BROWSER_PACKAGES] : SYSTEM_PACKAGES;
  const missing = wanted.filter(({ probe }) => !fs.existsSync(probe)).map(({ pkg }) => pkg);
  if (missing.length === 0) return;
  log(`Installing Debian packages: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const asRoot = process.getuid?.() === 0;
  const apt = (args) => (asRoot ? run('apt-get', args, { env }) : run('sudo', ['-E', 'apt-get', ...args], { env }));
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', ...missing]);
}

// `npm ci` when node_modules is missing or older than the lock file.
export function ensureNodeModules() {
  const lock = path.join(root, 'package-lock.json');
  const stamp = path.join(root, 'node_modules/.package-lock.json');
  const fresh = fs.existsSync(stamp) && fs.statSync(stamp).mtimeMs >= fs.statSync(lock).mtimeMs;
  if (fresh) return;
  log('Installing npm packages (npm ci)');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

const emscriptenEnv = () => ({ ...process.env, NODE_PATH: '/usr/share/nodejs' });

export function buildNative(preset = 'native') {
  log(`Building the native CLI and core tests (cmake preset ${preset})`);
  run('cmake', ['--preset', preset, '-Wno-dev'], { stdio: ['ignore', 'ignore', 'inherit'] });
  run('cmake', ['--build', '--preset', preset, '-j', '2']);
}

export function buildWasm() {
  log('Building the WASM module (cmake preset wasm)');
  run('cmake', ['--preset', 'wasm', '-Wno-dev'], { env: emscriptenEnv(), stdio: ['ignore', 'ignore', 'inherit'] });
  run('cmake', ['--build', '--preset', 'wasm', '-j', '2'], { env: emscriptenEnv() });
}

export function buildSite() {
  log('Building the static site into dist/');
  run('npm', ['run', '--silent', 'build:site']);
}

// `generate`: rewrite the files made from the ops' declarations
// (scripts/gen-api.mjs) before the site build.  `npm test` leaves them as
// committed, so its content layer fails when one is stale.
export function buildAll({ browser = false, generate = true } = {}) {
  ensureSystemPackages({ browser });
  ensureNodeModules();
  buildNative();
  if (generate) {
    log('Generating the API types, docs tables and grid seeds from `tally schema`');
    run('node', ['scripts/gen-api.mjs']);
  }
  buildWasm();
  buildSite();
}
