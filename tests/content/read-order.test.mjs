// Every op names the same field natively and in WASM (issue 37, item 4). A
// request field is read by a function that throws a FieldError naming it;
// when two such reads are unsequenced — two arguments of one call,
// f(read("a"), read("b")), or two operands of one operator — GCC (the CLI)
// and clang (the WASM module) evaluate them in different orders, and a
// request with both fields wrong is told about a different one. The fix is
// one read per full expression (a declaration, a braced list's element, an
// operand of && || ?: are sequenced); this test holds every op to it, so no
// op can bring the fault back. It reads src/api/ops at any depth and knows
// the readers by name: the primitive ones below (src/api/fields.cpp,
// catalog.cpp, ops/ch03_flow_read.cpp), and every function defined in the
// ops whose body throws a FieldError or calls a reader.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Functions that read a request field and may throw a FieldError naming it. */
const PRIMITIVE_READERS = [
  'decimal_at',
  'decimal_value',
  'count_at',
  'count_value',
  'list_field',
  'list_at',
  'object_at',
  'integer',
  'integer_or',
  'text',
  'text_or',
  'flag_or',
  'find_model',
  'find_gpu',
  'find_dtype',
  'parse_model',
];

function sourceFiles(dir) {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.cpp$/.test(entry.name) ? [rel] : [];
  });
}

/** Tokens of a C++ source with comments, string and character literals blanked; each with its line. */
export function tokens(text) {
  const out = [];
  let i = 0;
  let line = 1;
  const skipTo = (end) => {
    for (; i < end; i++) if (text[i] === '\n') line++;
  };
  while (i < text.length) {
    const c = text[i];
    if (text.startsWith('//', i)) skipTo(text.indexOf('\n', i) === -1 ? text.length : text.indexOf('\n', i));
    else if (text.startsWith('/*', i)) skipTo(text.indexOf('*/', i + 2) + 2);
    else if (/^R"([^(\s]*)\(/.test(text.slice(i, i + 20))) {
      const delim = /^R"([^(\s]*)\(/.exec(text.slice(i, i + 20))[1];
      skipTo(text.indexOf(`)${delim}"`, i) + delim.length + 2);
      out.push({ t: 'literal', line });
    } else if (c === '"' || (c === "'" && !/[0-9a-fA-F]/.test(text[i - 1] ?? ''))) {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      skipTo(j + 1);
      out.push({ t: 'literal', line });
    } else if (c === '\n') {
      line++;
      i++;
    } else if (/\s/.test(c)) i++;
    else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_]\w*/.exec(text.slice(i, i + 200))[0];
      out.push({ t: m, line });
      i += m.length;
    } else {
      const two = text.slice(i, i + 2);
      const op = ['&&', '||', '::', '->'].includes(two) ? two : c;
      out.push({ t: op, line });
      i += op.length;
    }
  }
  return out;
}

const CLOSE = { '(': ')', '{': '}', '[': ']' };

/** Nested groups: a group is {open, items, line}; items are tokens or groups. */
export function tree(toks) {
  const root = { open: '', items: [], line: 1 };
  const stack = [root];
  for (const tok of toks) {
    const top = stack[stack.length - 1];
    if (CLOSE[tok.t]) {
      const g = { open: tok.t, items: [], line: tok.line };
      top.items.push(g);
      stack.push(g);
    } else if (stack.length > 1 && tok.t === CLOSE[top.open]) stack.pop();
    else top.items.push(tok);
  }
  return root;
}

const isGroup = (x) => x.open !== undefined;

/** RequestFields' readers, called on a request's fields (f.integer("batch")), not field::integer declarations. */
const MEMBER_READERS = new Set(['integer', 'integer_or', 'text', 'text_or', 'flag_or']);

/** Whether items[k] names a reader called there. */
function callsReader(items, k, readers) {
  const x = items[k];
  const next = items[k + 1];
  if (isGroup(x) || !readers.has(x.t) || !next || !isGroup(next) || next.open !== '(') return false;
  return !MEMBER_READERS.has(x.t) || ['.', '->'].includes(items[k - 1]?.t);
}

/** Whether anything in `items` calls a reader. */
function reads(items, readers) {
  return items.some((x, k) => (isGroup(x) ? reads(x.items, readers) : callsReader(items, k, readers)));
}

const CONTROL = ['if', 'while', 'for', 'switch', 'catch', 'else', 'do', 'return', 'throw'];

/**
 * `items` cut at `separators`; with `statements`, also after each braced
 * block (a body ends its statement) and around a control keyword and its
 * condition (sequenced before what follows).
 */
function split(items, separators, statements = false) {
  const parts = [[]];
  for (let k = 0; k < items.length; k++) {
    const x = items[k];
    if (!isGroup(x) && separators.includes(x.t)) parts.push([]);
    else if (statements && !isGroup(x) && CONTROL.includes(x.t)) {
      parts.push([]);
      const cond = items[k + 1];
      if (cond && isGroup(cond) && cond.open === '(') {
        parts[parts.length - 1].push(cond);
        parts.push([]);
        k++;
      }
    } else {
      parts[parts.length - 1].push(x);
      if (statements && isGroup(x) && x.open === '{') parts.push([]);
    }
  }
  return parts;
}

/** The reads of `group` that are unsequenced against another read: [{line, what}]. */
export function unsequencedReads(group, readers, out = []) {
  // Statements and a braced list's elements are sequenced; a call's arguments are not.
  const call = group.open === '(';
  for (const segment of split(group.items, call ? [';'] : [';', ','], !call)) {
    const args = call ? split(segment, [',']) : [segment];
    const reading = args.filter((a) => reads(a, readers));
    if (call && reading.length > 1) out.push({ line: group.line, what: 'two arguments of one call read request fields' });
    for (const arg of args) {
      // Operands of && || ?: are sequenced; of any other operator, not.
      for (const operand of split(arg, ['&&', '||', '?', ':'])) {
        let units = 0;
        for (let k = 0; k < operand.length; k++) {
          const x = operand[k];
          const next = operand[k + 1];
          if (!isGroup(x) && next && isGroup(next) && next.open === '(') {
            if (callsReader(operand, k, readers) || reads(next.items, readers)) units++;
            k++; // the call's arguments are this unit
          } else if (isGroup(x) && x.open !== '{' && reads(x.items, readers)) units++;
        }
        if (units > 1) out.push({ line: operand.find((x) => x.line)?.line ?? group.line, what: 'two operands of one expression read request fields' });
      }
    }
  }
  for (const x of group.items) if (isGroup(x)) unsequencedReads(x, readers, out);
  return out;
}

/** Whether `items` throw a FieldError (which names a field) themselves. */
function throwsFieldError(items) {
  return items.some((x, k) => (isGroup(x) ? throwsFieldError(x.items) : x.t === 'throw' && items[k + 1]?.t === 'FieldError'));
}

/** The functions defined in `node` whose body calls a reader or throws a FieldError: name ( … ) [const] { … }. */
function readingFunctions(node, readers, found) {
  const items = node.items;
  for (let k = 0; k < items.length; k++) {
    const x = items[k];
    if (isGroup(x)) {
      readingFunctions(x, readers, found);
      continue;
    }
    const params = items[k + 1];
    let body = items[k + 2];
    if (body && !isGroup(body) && body.t === 'const') body = items[k + 3];
    if (/^[A-Za-z_]\w*$/.test(x.t) && !CONTROL.includes(x.t) && params && isGroup(params) && params.open === '(' && body && isGroup(body) && body.open === '{') {
      if (reads(body.items, readers) || throwsFieldError(body.items)) found.add(x.t);
    }
  }
  return found;
}

const files = sourceFiles('src/api/ops').map((file) => ({ file, root: tree(tokens(readFileSync(path.join(root, file), 'utf8'))) }));

/** Readers: the primitive ones and, to a fixed point, every function of the ops that calls one. */
export function allReaders() {
  const readers = new Set(PRIMITIVE_READERS);
  for (let size = -1; size !== readers.size; ) {
    size = readers.size;
    for (const f of files) readingFunctions(f.root, readers, readers);
  }
  return readers;
}

test('the checker finds unsequenced reads and passes sequenced ones', () => {
  const readers = new Set(PRIMITIVE_READERS);
  const found = (code) => unsequencedReads(tree(tokens(code)), readers).length;
  assert.equal(found('x = g(decimal_at(r, "a"), decimal_at(r, "b"));'), 1);
  assert.equal(found('x = f.integer_or("a") * f.integer_or("b");'), 1);
  assert.equal(found('x = g(Ratio(f.integer_or("a")), 2, f.integer("b"));'), 1);
  assert.equal(found('const u128 a = f.integer("a"), b = f.integer("b"); g(a, b);'), 0);
  assert.equal(found('out.push_back({decimal_at(w, "a"), decimal_at(w, "b")});'), 0);
  assert.equal(found('m = f.has("m") && f.raw("m").is_object() ? parse_model(f.raw("m")) : find_model("model", f.text("model"));'), 0);
  assert.equal(found('const char* s = "g(decimal_at(a), decimal_at(b))"; // g(integer(a), integer(b))'), 0);
});

test('no op reads two request fields in one unsequenced expression', () => {
  const readers = allReaders();
  assert.ok(readers.has('decimal_or') || readers.size > PRIMITIVE_READERS.length, 'helper readers found');
  const problems = files.flatMap(({ file, root: r }) => unsequencedReads(r, readers).map((p) => `${file}:${p.line}: ${p.what}`));
  assert.deepEqual(problems, []);
});
