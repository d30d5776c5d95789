// Chapter 10's widgets (content/ch10/widgets/w10k.json): every default request
// goes through the Node build of the core, each widget is placed on its page
// in both written editions, and with the defaults the reader sees the
// chapter's printed numbers (the design case's 34.3 and 24.6 days, Table
// 10-d's ZeRO stages, the fill–drain and 1F1B timings of §10.3.2).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'node:test';

import { loadEngine, root } from '../../wasm/engine.mjs';
import { ask as askCore, defaults, follow, merged as merge } from '../widget-requests.mjs';

const engine = await loadEngine();
const ask = (op, fields) => askCore(engine, op, fields);
const read = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const PAGES = { w101: '10-1.md', w102: '10-2.md', w103: '10-3.md', w104: '10-2.md', w105: '10-5.md', w106: '10-6.md', w107: '10-6.md', w108: '10-4.md', w109: '10-4.md', w110: '10-6.md', w111: '10-3.md', w112: '10-3.md', w113: '10-2.md', w114: '10-3.md', w115: '10-4.md', w116: '10-5.md', w117: '10-3.md' };
const configs = Object.fromEntries(Object.keys(PAGES).map((f) => [f, read(`content/ch10/widgets/${f}.json`).widgets]));
const allWidgets = Object.assign({}, ...Object.values(configs));

/** A result value as the page prints it: integers digit-grouped, flags as yes/no, the core's text verbatim. */
function at(id, result, p) {
  // A row-member path (rows[*].x): the member of every row, in row order.
  const star = p.indexOf('[*].');
  if (star >= 0) return follow(result, p.slice(0, star)).map((row) => at(id, row, p.slice(star + 4)));
  const v = follow(result, p);
  assert.notEqual(v, undefined, `${id}: no value at ${p}`);
  if (v === null) return '—';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  return typeof v === 'number' || /^\d+$/.test(String(v)) ? BigInt(v).toLocaleString('en-US') : String(v);
}

/** What a widget shows for the control values `changes` over its defaults. */
function shown(id, changes = {}) {
  const cfg = allWidgets[id];
  const vars = { ...defaults(cfg), ...changes };
  if (cfg.kind === 'steps') return cfg.steps.map((s) => at(id, ask(s.op, merge(vars, cfg.fields, s.fields)), s.path));
  if (cfg.kind === 'stage-stack') {
    const bars = cfg.data.bars.map((b) => {
      const r = ask(b.op, merge(vars, b.fields)); // top-level "$x" only, as runtime/cells.ts fills them
      return { segments: b.segments.map((s) => at(id, r, s.display)), total: b.total ? at(id, r, b.total.display) : null };
    });
    const lines = (cfg.data.lines ?? []).map((l) => (l.op ? at(id, ask(l.op, merge(vars, l.fields)), l.display) : l.display));
    return { bars, lines };
  }
  if (cfg.kind === 'gantt') {
    // One answer: its intervals (lane, kind, start, end as the core wrote them) and each marker.
    // Times as the page writes them (the core's displays where the figure names them); a marker at a request field reads the field as filled.
    const request = merge(vars, cfg.data.request);
    const r = ask(cfg.data.op, request);
    const d = cfg.data;
    const items = follow(r, d.items).map((i) => [String(follow(i, d.lane)), String(follow(i, d.kind)), at(id, i, d.start_display ?? d.start), at(id, i, d.end_display ?? d.end)]);
    return { items, markers: (d.markers ?? []).map((m) => (m.path ? at(id, r, m.display ?? m.path) : String(m.field ? request[m.field] : m.value))) };
  }
  if (cfg.kind === 'line-chart') {
    // The request as written (the reader's x from its control), with a series' own request's fields on top: each series' value there.
    const own = Object.fromEntries((cfg.data.requests ?? []).map((q) => [q.id, q.fields ?? {}]));
    const answer = (s) => ask(cfg.data.op, merge(vars, { ...cfg.data.request, ...(s.request ? own[s.request] : {}) }));
    const r = ask(cfg.data.op, merge(vars, cfg.data.request));
    return {
      reader: cfg.data.series.map((s) => at(id, answer(s), s.display ?? s.path)),
      rules: (cfg.data.rules ?? []).filter((u) => u.path).map((u) => at(id, r, u.display ?? u.path)),
    };
  }
  throw new Error(`${id}: no reader for kind ${cfg.kind}`);
}

test('every chapter-10 widget answers with its defaults and is placed on its page in both editions', () => {
  for (const [file, widgets] of Object.entries(configs)) {
    for (const id of Object.keys(widgets)) {
      assert.ok(shown(id), id);
      for (const dir of ['content/ch10', 'content/i18n/en/ch10']) {
        assert.match(readFileSync(path.join(root, dir, PAGES[file]), 'utf8'), new RegExp('```widget ' + id + '\\n'), `${dir}/${PAGES[file]} places ${id}`);
      }
    }
  }
});

test('the deadline board: 32 cards finish in 34.3 days, 48 in 24.6, against the 30-day line; the third bar (40 cards by default) follows the slider', () => {
  const { bars, lines } = shown('deadline-board');
  // Each bar stacks the steps themselves, what saves, failures and recovery add, and the 5-day reserve; its total is the finish.
  assert.deepEqual(
    bars.map((b) => [...b.segments, b.total]),
    [
      ['29.0', '0.3', '5.0', '34.3'],
      ['19.4', '0.2', '5.0', '24.6'],
      ['23.3', '0.2', '5.0', '28.5'],
    ],
  );
  assert.deepEqual(lines, ['30 天']);
  // Slid to 48 the third bar is the second; at 64 cards (8 hosts) it is shorter still.
  assert.equal(shown('deadline-board', { $cards: '48' }).bars[2].total, '24.6');
  assert.deepEqual(shown('deadline-board', { $cards: '64' }).bars[2].segments, ['14.6', '0.2', '5.0']);
  assert.equal(shown('deadline-board', { $cards: '64' }).bars[2].total, '19.8');
  // A lower efficiency pushes the 48-card plan past the deadline too (Exercise 10-2's minimum lies between).
  assert.deepEqual(
    shown('deadline-board', { $eff: '30' }).bars.map((b) => b.total),
    ['44.0', '31.1', '36.3'],
  );
});

test('the plan up close: 6 hosts, 8 micro-batches, 31,790 steps, 9.46 GiB to spare, a 52.8 s step and 5.4 days early at 48 cards; 32 cards fit but finish 4.3 days late', () => {
  assert.deepEqual(shown('deadline-plan'), ['6', '8', '31,790', '13,467,663,360', '10,154,656,768', '52.8 s', '24.6', '5.4', '0.0']);
  assert.deepEqual(shown('deadline-plan', { $cards: '32' }), ['4', '12', '31,790', '14,832,785,920', '8,789,534,208', '78.9 s', '34.3', '0.0', '4.3']);
  // Eight cards cannot hold the state: no memory left, and months late.
  const eight = shown('deadline-plan', { $cards: '8' });
  assert.equal(eight[4], '0');
  assert.equal(eight[8], '91.6');
});

test('Figs. 10-12 and 10-13: a 9-layer stage holds 135 MiB when the products are kept and 45 MiB when they are rebuilt, with a 6 MiB workspace; four waiting micro-batches save 360 MiB', () => {
  const MiB = (n) => (n * 2 ** 20).toLocaleString('en-US');
  const { bars } = shown('fig-10-12');
  assert.deepEqual(
    bars.map((b) => [b.segments, b.total]),
    [
      [[MiB(90), MiB(45)], MiB(135)],
      [[MiB(45)], null],
      [[MiB(6)], null],
      [[MiB(360)], null],
    ],
  );
  assert.equal(shown('fig-10-12', { $waiting: '8' }).bars[3].segments[0], MiB(720));
  assert.equal(shown('fig-10-12', { $layers: '18' }).bars[0].total, MiB(270));
});

test('ZeRO ownership (Table 10-d): 122.1, 42.0, 28.6 and 15.3 GiB per card at d = 8 with BF16 gradients; FP32 gradients add 2 B per parameter', () => {
  const { bars, lines } = shown('zero-ownership');
  assert.deepEqual(
    bars.map((b) => b.total),
    ['122.051 GiB', '41.955 GiB', '28.606 GiB', '15.256 GiB'],
  );
  // Plain DP: 2N weights, 2N gradients, 12N optimizer, N = 8,190,735,360.
  assert.deepEqual(bars[0].segments, ['16,381,470,720', '16,381,470,720', '98,288,824,320']);
  // ZeRO-3: every part split eight ways.
  assert.deepEqual(bars[3].segments, ['2,047,683,840', '2,047,683,840', '12,286,103,040']);
  assert.deepEqual(lines, ['24 GB']);
  assert.equal(shown('zero-ownership', { $g: 'fp32' }).bars[0].total, '137.308 GiB');
  assert.equal(shown('zero-ownership', { $d: '64' }).bars[3].total, '1.907 GiB');
});

test('pipeline schedules (§10.3.2, p = 4, m = 8): fill–drain 337 ms with 96 ms idle per card, 1F1B 347 ms with 106; bubbles 90 / 30 / 0 / 20 ms', () => {
  const { bars } = shown('pipeline-schedules');
  assert.deepEqual(bars.map((b) => b.segments), [
    ['240', '96'],
    ['240', '106'],
  ]);
  assert.deepEqual(shown('pipeline-bubbles'), ['337', '347', '37.5', '18.75', '90', '30', '0', '20']);
  // Twice the micro-batches: the busy part doubles, the idle part barely moves.
  const m16 = shown('pipeline-schedules', { $m: '16' }).bars;
  assert.deepEqual(m16.map((b) => b.segments[0]), ['480', '480']);
});

test('Fig. 10-2: five states stack to 131.1 GB, eight BF16 weight copies; FP32 gradients make it 147.4 GB', () => {
  const [state, weights] = shown('fig-10-2').bars;
  assert.deepEqual(state.segments, ['16,381,470,720', '16,381,470,720', '32,762,941,440', '32,762,941,440', '32,762,941,440']);
  assert.equal(state.total, '131.052 GB');
  assert.deepEqual(weights.segments, ['16.381 GB（15.256 GiB）']);
  assert.equal(shown('fig-10-2', { $g: 'fp32' }).bars[0].total, '147.433 GB');
});

test('Figs. 10-3 … 10-5: at 40 % the RTX 4090 needs 31 cards, the A100 17, the H100 (989 TFLOP/s) 6; at 30 % 41 / 22 / 7, at 50 % 25 / 14 / 5', () => {
  const cards = (eff) => shown('fig-10-3', eff ? { $eff: eff } : {}).bars.map((b) => b.segments[0]);
  assert.deepEqual(cards(), ['31', '17', '6']);
  assert.deepEqual(cards('30'), ['41', '22', '7']);
  assert.deepEqual(cards('50'), ['25', '14', '5']);
});

test('Fig. 10-16: 16N/d + 10 GiB is 25.3 GiB at d = 8 (over the 22 GiB line), 17.6 at 16, 13.8 at 32 and 12.5 at 48', () => {
  const { bars, lines } = shown('fig-10-16');
  assert.deepEqual(
    bars.map((b) => b.segments[0]),
    ['40.513 GiB', '30.342 GiB', '25.256 GiB', '20.171 GiB', '17.628 GiB', '13.814 GiB', '12.543 GiB'],
  );
  assert.deepEqual(lines, ['22 GiB']);
  // The line is 22 GiB in bytes, the same budget the core's zero_state checks against by default.
  assert.equal(allWidgets['fig-10-16'].data.lines[0].bytes, String(22n * 2n ** 30n));
  assert.equal(shown('fig-10-16', { $live: '6' }).bars[2].segments[0], '21.256 GiB');
});

test('Figs. 10-28 and 10-29: 4,096 + 4,096 tokens make 16,781,312 causal pairs, 7,168 + 1,024 make 26,218,496', () => {
  assert.deepEqual(
    shown('fig-10-28').bars.map((b) => b.segments[0]),
    ['16,781,312', '26,218,496'],
  );
});

test('Figs. 10-38 and 10-39: on an 80 GB H100 the wrong order peaks at 83.256 GiB, the right one at 59.256 GiB, 24 GiB apart', () => {
  const { bars, lines } = shown('fig-10-38');
  // Training alone 44 GiB, generation alone 43.256 GiB (the book prints the peaks as 83.3 and 59.3).
  assert.deepEqual(bars.map((b) => b.segments[0]), ['44 GiB', '43.256 GiB', '83.256 GiB', '59.256 GiB']);
  assert.deepEqual(lines, ['80 GB']);
  // With a 16 GiB KV pool the wrong order drops by 8 GiB and the right one stays: the gap is always the pool.
  assert.deepEqual(shown('fig-10-38', { $kv: '16' }).bars.map((b) => b.segments[0]), ['44 GiB', '35.256 GiB', '75.256 GiB', '59.256 GiB']);
});

test('Figs. 10-17/10-18 as a gantt: 1F1B on 4 stages puts 8 forwards and 8 backwards on each, the last gradient at 346 ms; fill–drain at 336 ms', () => {
  const { items, markers } = shown('fig-10-17');
  assert.equal(items.length, 64);
  for (const stage of ['0', '1', '2', '3']) {
    assert.equal(items.filter(([lane, kind]) => lane === stage && kind === 'F').length, 8);
    assert.equal(items.filter(([lane, kind]) => lane === stage && kind === 'B').length, 8);
  }
  // Stage 0's first backward starts at 106 ms (the book's "first gradient back at 106 ms").
  assert.deepEqual(items.find(([lane, kind]) => lane === '0' && kind === 'B').slice(2), ['106', '126']);
  assert.deepEqual(markers, ['346']);
  assert.deepEqual(shown('fig-10-17', { $sched: 'fill-drain' }).markers, ['336']);
  assert.equal(shown('fig-10-17', { $m: '16' }).items.length, 128);
});

test('Fig. 10-21 as a gantt: interleaved 1F1B (v = 2) runs 8 micro-batches on two blocks of each of 4 cards, card 3 starting at 19.7 ms, the step done at 297.7 (printed 298)', () => {
  const { items, markers } = shown('fig-10-21');
  assert.equal(items.length, 128);
  for (const card of ['0', '1', '2', '3'])
    for (const shade of ['F0', 'B0', 'F1', 'B1']) assert.equal(items.filter(([lane, kind]) => lane === card && kind === shade).length, 8);
  // A 5-layer block takes 50/9 ms: three of them and three 1 ms links bring card 3's first forward to 59/3 ms (33 under 1F1B).
  assert.deepEqual(items.find(([lane, kind]) => lane === '3' && kind === 'F0').slice(2), ['19.7', '25.2']);
  assert.deepEqual(markers, ['297.7']);
  // Three blocks per card: shorter still; eight cards with 16 micro-batches.
  assert.deepEqual(shown('fig-10-21', { $chunks: '3' }).markers, ['293']);
  assert.deepEqual(shown('fig-10-21', { $p: '8', $m: '16' }).markers, ['645.2']);
});

test('Fig. 10-23 as a gantt: DualPipe feeds 4 micro-batches from each end of 4 cards, dX and dW split, done at 306 ms; 558 at 16', () => {
  const { items, markers } = shown('fig-10-23');
  assert.equal(items.length, 96);
  for (const card of ['0', '1', '2', '3'])
    for (const shade of ['F0', 'B0', 'W0', 'F1', 'B1', 'W1']) assert.equal(items.filter(([lane, kind]) => lane === card && kind === shade).length, 4);
  // Card 3 holds the reverse copy's first stage: its first reverse forward starts at once.
  assert.deepEqual(items.find(([lane, kind]) => lane === '3' && kind === 'F1').slice(2), ['0', '10']);
  assert.deepEqual(markers, ['306']);
  assert.deepEqual(shown('fig-10-23', { $m: '16' }).markers, ['558']);
});

test('Fig. 10-24: 347, 297.7, 283, 306 ms at 8 micro-batches and 599, 537.7, 523, 558 at 16; peaks 921, 1,329, 1,226, 1,612 MiB', () => {
  assert.deepEqual(
    shown('fig-10-24').bars.map((b) => b.segments[0]),
    ['347', '599', '297.7', '537.7', '283', '523', '306', '558'],
  );
  // Without link delay interleaving's 56 forward messages cost nothing.
  assert.equal(shown('fig-10-24', { $link: '0' }).bars[2].segments[0], '291');
  assert.deepEqual(
    shown('fig-10-24-peak').bars.map((b) => b.segments[0]),
    ['921 MiB', '1,329 MiB', '1,226 MiB', '1,612 MiB'],
  );
  assert.deepEqual(
    shown('fig-10-24-peak', { $m: '16' }).bars.map((b) => b.segments[0]),
    ['921 MiB', '1,331 MiB', '1,226 MiB', '1,917 MiB'],
  );
});

test('Figs. 10-33/10-34 as a gantt: the 20 s and 40 s snapshots commit at 36.5 / 56.5 s at 7 GB/s (roll back to 20 s) and 26.1 / 46.1 s at 20 GB/s (roll back to 40 s)', () => {
  assert.deepEqual(shown('fig-10-33'), {
    items: [
      ['20', '20', '20', '36.5'],
      ['40', '40', '40', '56.5'],
    ],
    markers: ['20'],
  });
  const fast = shown('fig-10-33', { $bw: '20' });
  assert.deepEqual(fast.items.map((i) => i[3]), ['26.1', '46.1']);
  assert.deepEqual(fast.markers, ['40']);
  // A failure at 60 s comes after both commits even at 7 GB/s.
  assert.deepEqual(shown('fig-10-33', { $fail: '60' }).markers, ['40']);
});

test('Fig. 10-47: at 1T parameters and 20T tokens in 90 days, six lines read Exercise 10-10\'s 123,655 / 98,924 (A100), 39,010 / 31,208 (H100) and 17,147 / 13,718 (B200) cards', () => {
  assert.deepEqual(shown('fig-10-47').reader, ['123,655', '98,924', '39,010', '31,208', '17,147', '13,718']);
  // 180 days halve every line (rounded up).
  assert.deepEqual(shown('fig-10-47', { $days: '180' }).reader, ['61,828', '49,462', '19,505', '15,604', '8,574', '6,859']);
});

test('Fig. 10-35: Table 10-h\'s 6.4 / 3.8 / 4.5 % at 300 / 900 / 1800 s lie on the total line, the best interval is 965 s, and faster writes move it', () => {
  const { reader, rules } = shown('fig-10-35');
  const intervals = allWidgets['fig-10-35'].data.request.intervals_seconds;
  const total = reader[2];
  assert.deepEqual(['300', '900', '1800'].map((t) => total[intervals.indexOf(t)]), ['6.4%', '3.8%', '4.5%']);
  assert.deepEqual(['300', '900', '1800'].map((t) => reader[0][intervals.indexOf(t)]), ['5.5%', '1.8%', '0.9%']);
  assert.deepEqual(rules, ['965']);
  // 20 GB/s writes a save in a third of the time: the best interval shrinks by √(20/7).
  assert.deepEqual(shown('fig-10-35', { $bw: '20' }).rules, ['571']);
});

test('Fig. 10-20: fill–drain holds 1,840 MiB on stage 0 and 2,448 on stage 3, 1F1B 921 and 308 MiB (Table 10-f)', () => {
  const { bars } = shown('fig-10-20');
  assert.deepEqual(
    bars.map((b) => b.segments[0]),
    ['1,840 MiB', '1,840 MiB', '1,840 MiB', '2,448 MiB', '921 MiB', '692 MiB', '463 MiB', '308 MiB'],
  );
});

test('Fig. 10-27: Table 10-g on the two lines — dropped 25 / 12.5 / 0 / 0 %, padded 25 / 30 / 33.3 / 50 % at c = 1, 1.25, 1.5, 2', () => {
  const [dropped, padded] = shown('fig-10-27').reader;
  const cs = allWidgets['fig-10-27'].data.request.capacity_factors;
  const book = ['1', '1.25', '1.5', '2'].map((c) => cs.indexOf(c));
  assert.deepEqual(book.map((i) => dropped[i]), ['25%', '12.5%', '0%', '0%']);
  assert.deepEqual(book.map((i) => padded[i]), ['25%', '30%', '33.3%', '50%']);
});

test('Fig. 10-46: halving a resource that takes 5 % of the step gives 105 %, one that takes 50 % gives 150 % (§10.6.3)', () => {
  const cfg = allWidgets['fig-10-46'];
  const at05 = Object.fromEntries(cfg.data.requests.map((q) => [q.id, ask(cfg.data.op, { ...cfg.data.request, ...q.fields, speedup: '0.5' }).total_after]));
  assert.deepEqual(at05, { f5: 105, f20: 120, f50: 150, f80: 180 });
});

test('Figs. 10-14/10-15 as a gantt: over PCIe 4.0 the CPU path is 3.15 + 0.98 = 4.13 ms and the GPU path 0.30 + 6.29 = 6.59 ms; over NVLink-C2C 1.21 against 0.75 ms', () => {
  assert.deepEqual(shown('fig-10-14'), {
    items: [
      ['CPU', 'link', '0', '3.15'],
      ['CPU', 'cast', '3.15', '4.13'],
      ['GPU', 'cast', '0', '0.3'],
      ['GPU', 'link', '0.3', '6.59'],
    ],
    markers: ['4.13', '6.59'],
  });
  assert.deepEqual(shown('fig-10-14', { $link: '450' }).markers, ['1.21', '0.75']);
  // The crossover the intro names (≈ 147 GB/s) is the core's.
  assert.equal(ask('offload_cast', {}).crossover_display, '147.3');
});

test('Figs. 10-25/10-26 as a gantt: the 3 ms reduce ends at 3 ms on an idle link, inside the 5 ms of compute; behind 4 ms of other traffic it runs 4 – 7 ms', () => {
  assert.deepEqual(shown('fig-10-25'), {
    items: [
      ['1', 'compute', '0', '5'],
      ['2', 'reduce', '0', '3'],
      ['3', 'other', '0', '4'],
      ['3', 'reduce', '4', '7'],
    ],
    markers: ['5', '7'],
  });
  // An idle link leaves no other transfer to draw, and the reduce ends with the idle one.
  assert.deepEqual(shown('fig-10-25', { $busy: '0' }).items.slice(2), [['3', 'reduce', '0', '3']]);
  assert.deepEqual(shown('fig-10-25', { $busy: '2', $reduce: '4' }).markers, ['5', '6']);
});

test('Fig. 10-30 as a gantt: loader through batch 108, training through 100, 8 in flight; a restart resumes at 101', () => {
  assert.deepEqual(shown('fig-10-30'), {
    items: [
      ['1', 'prefetched', '0', '108'],
      ['2', 'trained', '0', '100'],
      ['2', 'in_flight', '100', '108'],
    ],
    markers: ['101'],
  });
  const caughtUp = shown('fig-10-30', { $trained: '108' });
  assert.equal(caughtUp.items.length, 2);
  assert.deepEqual(caughtUp.markers, ['109']);
});

test('Fig. 10-31 as a gantt: four shards of 3072 rows become eight of 1536, new shard r reading old shard ⌊r/2⌋; from three ways one new shard spans two old ones', () => {
  const { items } = shown('fig-10-31');
  assert.equal(items.length, 8);
  items.forEach(([lane, kind, start, end], r) => {
    assert.deepEqual([lane, kind], [String(r), String(Math.floor(r / 2))]);
    assert.deepEqual([start, end], [(1536 * r).toLocaleString('en-US'), (1536 * (r + 1)).toLocaleString('en-US')]);
  });
  // 672 MiB of checkpointed state for this matrix (96 MiB × 7), the core's.
  assert.equal(ask('reshard_rows', {}).state_bytes, 672 * 2 ** 20);
  const fromThree = shown('fig-10-31', { $old: '3' }).items;
  assert.deepEqual(fromThree.filter(([lane]) => lane === '2'), [
    ['2', '0', '3,072', '4,096'],
    ['2', '1', '4,096', '4,608'],
  ]);
});

test('Fig. 10-37: 12, 6 and 8 a second with 75 % kept put 4.5 into learning; doubling verification makes it 8, learning\'s rate', () => {
  const book = shown('fig-10-37');
  assert.deepEqual(book.bars.map((b) => b.segments[0]), ['12', '6', '4.5', '8']);
  assert.deepEqual(book.lines, ['4.5']);
  assert.deepEqual(shown('fig-10-37', { $gen: '24' }).lines, ['4.5']);
  const doubled = shown('fig-10-37', { $ver: '12' });
  assert.deepEqual(doubled.bars.map((b) => b.segments[0]), ['12', '12', '9', '8']);
  assert.deepEqual(doubled.lines, ['8']);
});

test('Figs. 10-42/10-43 as a gantt: in turn 40 + 16 + 4 = 60 s a batch, overlapped max(40, 16) + 4 = 44 s; longer learning moves the bottleneck', () => {
  const { items, markers } = shown('fig-10-42');
  assert.deepEqual(markers, ['60', '44']);
  assert.deepEqual(items.filter(([lane]) => lane === '2'), [
    ['2', 'learning', '40', '56'],
    ['2', 'sync', '56', '60'],
  ]);
  assert.deepEqual(items.filter(([lane]) => lane === '3'), [
    ['3', 'generation', '0', '40'],
    ['3', 'sync', '40', '44'],
  ]);
  assert.deepEqual(shown('fig-10-42', { $learn: '48' }).markers, ['92', '52']);
  // The 11/15 threshold the intro names is the core's.
  assert.equal(ask('rl_stages', {}).keep_threshold_percent, '220/3');
});
