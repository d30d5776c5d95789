// What a data widget must show for given control values, recomputed from its
// config and the core, never read from the page: a table's first and last
// cell, every step of a worked example, Table 2-1's total, and the core values
// of chapter 3's figure kinds (stacked bars, fluid backlog, audio timeline).
// Each follows the documented request rules of its widget
// (web/src/runtime/cells.ts, web/src/widgets/<kind>/index.ts), written out
// again so the tests do not trust the page's own. One copy for both places
// that hold a page to it: the prerendered HTML in Node
// (tests/content/prerendered.test.mjs) and the hydrated page after a control
// changes in Chromium (tests/browser/widget-values.ts).

/** The widget kinds whose values are recomputed here from the config alone. */
export const FIGURE_KINDS = new Set(['stage-stack', 'fluid-backlog', 'audio-timeline', 'slot-timeline']);
/** Kinds that draw a chart over a core-table of the same config: the table's cells are checked as a core-table's. */
export const TABLE_CHART_KINDS = new Set(['fit-points', 'lifecycle-lines', 'roofline']);
/** Kinds configured wholly in content (docs/widget-kinds.md): their readings, marks and data table's ends. */
export const CONTENT_KINDS = new Set(['line-chart', 'gantt', 'plane-points']);
export const DATA_KINDS = new Set(['core-table', 'steps', 'steps-chart', 'crossover-curve', 'table-2-1', ...FIGURE_KINDS, ...TABLE_CHART_KINDS, ...CONTENT_KINDS]);

/** The reader's values before any change: control field ("$x") → its default text. */
export function defaults(cfg) {
  return Object.fromEntries(cfg.controls.map((c) => [c.field, c.default]));
}

/** A control's value as the page sends it: digits as a number, anything else as typed. */
export function asInteger(raw) {
  return /^\d+$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : raw;
}

/** The request a cell sends: widget fields, then row, then cell; "$X" is the control with field "$X". */
export function cellRequest(op, values, ...layers) {
  const req = { op };
  for (const layer of layers) {
    for (const [k, v] of Object.entries(layer ?? {})) req[k] = typeof v === 'string' && v.startsWith('$') ? asInteger(values[v]) : v;
  }
  return req;
}

/** "$x" anywhere inside a request template (lists and objects too) → the control's value. */
function filled(template, values) {
  if (typeof template === 'string' && template.startsWith('$')) return asInteger(values[template]);
  if (Array.isArray(template)) return template.map((v) => filled(v, values));
  if (template !== null && typeof template === 'object') return Object.fromEntries(Object.entries(template).map(([k, v]) => [k, filled(v, values)]));
  return template;
}

/** Follow "a.b[2].c[id=x]" in a JSON value. */
export function at(value, p) {
  let cur = value;
  for (const m of p.matchAll(/([^.[\]]+)|\[(\d+)\]|\[([\w-]+)=([^\]]+)\]/g)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    if (m[1] !== undefined) cur = cur[m[1]];
    else if (m[2] !== undefined) cur = cur[Number(m[2])];
    else cur = cur.find((e) => String(e[m[3]]) === m[4]);
  }
  return cur;
}

/** Display of a value as the page shows it: strings verbatim, integers grouped. */
export function shown(v) {
  if (v === undefined || v === null) return '—';
  if (typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v))) return BigInt(v).toLocaleString('en-US');
  return String(v);
}

/** Expected text of a core-table cell for the given control values; `answer(request)` is the core's result. */
export function tableCell(answer, cfg, values, row, col) {
  const t = cfg.table;
  const c = t.columns[col];
  if (t.list) {
    const r = answer(cellRequest(t.list.op, values, t.fields, t.list.fields));
    return shown(at(at(r, t.list.path)[row], c.path));
  }
  const r = t.rows[row];
  // A row's "$x" inside a list (Table 3.1.3-a's rates in its windows) is the control's value too.
  return shown(at(answer(cellRequest(c.op, values, t.fields, filled(r.fields, values), c.fields)), r.path ?? c.path));
}

function stepTexts(answer, cfg, instance, values) {
  return cfg.steps.map((s, i) => ({
    testid: `${instance}-s${i}`,
    label: `${instance} step ${i}`,
    text: shown(at(answer(cellRequest(s.op, values, cfg.fields, s.fields)), s.path)),
  }));
}

/** A steps-chart's bars (web/src/widgets/steps-chart): each its own request over the widget's fields, printing its display. */
function stepsChartTexts(answer, cfg, values) {
  return cfg.data.bars.map((bar) => ({
    testid: `bar-${bar.id}`,
    label: `${cfg.title}: bar ${bar.id}`,
    text: shown(at(answer(cellRequest(bar.op, values, cfg.fields, bar.fields)), bar.display)),
  }));
}

/** Each bar's tail: its total's display, or its last segment's (with that segment's prefix). */
function stageStackTexts(answer, cfg, values) {
  return cfg.data.bars.map((bar) => {
    // A part's own request, else its bar's.
    const ask = (part) => answer(cellRequest(part.op ?? bar.op, values, bar.fields, part.op ? part.fields : undefined));
    const last = bar.segments[bar.segments.length - 1];
    const text = bar.total ? shown(at(ask(bar.total), bar.total.display)) : (last.prefix ?? '') + shown(at(ask(last), last.display));
    return { testid: `bar-${bar.id}`, label: `${cfg.title}: bar ${bar.id}`, text };
  });
}

/** decode_step_rate on N cards, then the headline scenario's windows (their "$x" filled) through workload_mix and fluid_backlog. */
function fluidBacklogTexts(answer, cfg, values) {
  const rate = answer(cellRequest('decode_step_rate', values, cfg.data.rate));
  const scenarios = cfg.data.scenarios;
  const head = scenarios.find((s) => s.id === cfg.data.headline) ?? scenarios[0];
  const mix = answer({ op: 'workload_mix', classes: cfg.data.classes, windows: filled(head.windows, values) });
  const windows = mix.windows.map((m) => ({ seconds: String(m.seconds), arrival: String(m.decode_steps), service: String(rate.steps_per_second_all) }));
  const backlog = answer({ op: 'fluid_backlog', windows });
  const expected = {
    'step-ms': rate.step_ms_display,
    'per-card': rate.steps_per_second_display,
    'all-cards': rate.steps_per_second_all_display,
    peak: backlog.peak_display,
    drain: backlog.drain_display,
  };
  return Object.entries(expected).map(([testid, text]) => ({ testid, label: `${cfg.title}: ${testid}`, text: String(text) }));
}

/** One audio_playout request from the template: when playback starts, the stall, the late chunks. */
function audioTimelineTexts(answer, cfg, values) {
  const r = answer({ op: 'audio_playout', ...filled(cfg.data.request, values) });
  const expected = { 'first-play': r.first_play_display, stall: r.stall_display, 'late-chunks': r.late_chunks };
  return Object.entries(expected).map(([testid, text]) => ({ testid, label: `${cfg.title}: ${testid}`, text: String(text) }));
}

/** One slot_pipeline request from the template (chapter 4's slot timeline): finish, floor, idle ticks, fewest slots, buffer. */
function slotTimelineTexts(answer, cfg, values) {
  const r = answer({ op: 'slot_pipeline', ...filled(cfg.data.request, values) });
  const expected = { finish: r.finish_display, target: r.target, idle: r.idle, 'fewest-slots': r.fewest_slots, buffer: r.buffer_display };
  return Object.entries(expected).map(([testid, text]) => ({ testid, label: `${cfg.title}: ${testid}`, text: shown(text) }));
}

/** A line chart's sampled inputs (docs/widget-kinds.md): evenly spaced on the axis's scale, written as typed, duplicates once. */
function sampleInputs(x) {
  const from = Number(x.from);
  const to = Number(x.to);
  const out = [];
  for (let k = 0; k < x.samples; k++) {
    const t = k / (x.samples - 1);
    const v = x.scale === 'log' ? from * (to / from) ** t : from + (to - from) * t;
    out.push(x.integer ? Math.round(v) : String(Number(v.toPrecision(12))));
  }
  return [...new Map(out.map((v) => [String(v), v])).values()];
}

/** A list at a path, or one member of each row of a list ("rows[*].total_percent"). */
export function eachAt(value, p) {
  const star = p.indexOf('[*]');
  if (star < 0) return at(value, p);
  const rest = p.slice(star + 3).replace(/^\./, '');
  return at(value, p.slice(0, star))?.map((row) => (rest ? at(row, rest) : row));
}

/** An exact value ("7/3", "1.5", 42) as a number, to order and match x values. */
function coordinate(v) {
  if (typeof v === 'string' && v.includes('/')) return Number(v.split('/')[0]) / Number(v.split('/')[1]);
  return Number(v);
}

/** The text of a reference line or marker: a result path, a request field or a constant, worded by `format` ("{v} ms"). */
export function levelText(level, result, request) {
  let v;
  if (level.path !== undefined) v = at(result, level.display ?? level.path);
  else if (level.field !== undefined) v = request[level.field];
  else v = level.value;
  return (level.format ?? '{v}').replaceAll('{v}', shown(v));
}

/** line-chart: each series at the reader's x, each rule, and the data table's first and last rows. */
function lineChartTexts(answer, cfg, values) {
  const d = cfg.data;
  // A series or rule reads the shared request, or a data.requests entry (the shared one with its fields on top).
  const requestOf = (id) => {
    const more = id === undefined ? undefined : d.requests.find((q) => q.id === id);
    return { op: more?.op ?? d.op, ...filled({ ...d.request, ...(more?.fields ?? {}) }, values) };
  };
  const out = [];
  if (d.reader) for (const s of d.series) out.push({ testid: `at-${s.id}`, text: shown(at(answer(requestOf(s.request)), s.display ?? s.path)) });
  for (const r of d.rules ?? []) {
    const request = requestOf(r.request);
    out.push({ testid: `rule-${r.id}`, text: levelText(r, r.path === undefined ? undefined : answer(request), request) });
  }
  // Row i, column 1 + k: series k at the i-th x ('—' where its list lacks that x).
  let rows;
  if (d.x.path && new Set(d.series.map((s) => s.request)).size === 1) {
    const base = answer(requestOf(d.series[0].request));
    rows = eachAt(base, d.x.path).map((_, i) => (s) => shown(eachAt(base, s.display ?? s.path)[i]));
  } else if (d.x.path) {
    // Lines from several requests meet at equal x values, in ascending order.
    const byX = new Map();
    for (const s of d.series) {
      const r = answer(requestOf(s.request));
      const ys = eachAt(r, s.display ?? s.path);
      eachAt(r, d.x.path).forEach((x, i) => byX.set(coordinate(x), { ...byX.get(coordinate(x)), [s.id]: shown(ys[i]) }));
    }
    rows = [...byX.keys()].sort((a, b) => a - b).map((x) => (s) => byX.get(x)[s.id] ?? '—');
  } else {
    rows = sampleInputs(d.x).map((v) => (s) => shown(at(answer({ ...requestOf(s.request), [d.x.field]: v }), s.display ?? s.path)));
  }
  for (const i of [0, rows.length - 1]) d.series.forEach((s, k) => out.push({ testid: `cell-${i}-${k + 1}`, text: rows[i](s) }));
  return out.map((o) => ({ ...o, label: `${cfg.title}: ${o.testid}` }));
}

/**
 * gantt: each marker, and the first interval's start and the last one's end in the data table.
 * A measured trace (data.dataset) asks the core nothing: its totals and the same two cells are the
 * dataset's values as the widget records them (each held to its dataset path by the chapter's test).
 */
function ganttTexts(answer, cfg, values) {
  const d = cfg.data;
  if (d.dataset) {
    const out = (d.totals ?? []).map((t) => ({ testid: `total-${t.id}`, text: shown(t.v) }));
    out.push({ testid: 'cell-0-2', text: shown(d.intervals[0].start.v) });
    out.push({ testid: `cell-${d.intervals.length - 1}-3`, text: shown(d.intervals.at(-1).end.v) });
    return out.map((o) => ({ ...o, label: `${cfg.title}: ${o.testid}` }));
  }
  const request = { op: d.op, ...filled(d.request, values) };
  const r = answer(request);
  const items = at(r, d.items);
  const out = (d.markers ?? []).map((m) => ({ testid: `marker-${m.id}`, text: levelText(m, r, request) }));
  out.push({ testid: 'cell-0-2', text: shown(at(items[0], d.start_display ?? d.start)) });
  out.push({ testid: `cell-${items.length - 1}-3`, text: shown(at(items[items.length - 1], d.end_display ?? d.end)) });
  return out.map((o) => ({ ...o, label: `${cfg.title}: ${o.testid}` }));
}

/** plane-points: each threshold given by a result path, and every point's two values in the data table. */
function planePointsTexts(answer, cfg, values) {
  const d = cfg.data;
  const shared = () => answer({ op: d.op, ...filled(d.request, values) });
  const out = (d.thresholds ?? [])
    .filter((t) => t.path)
    .map((t) => ({ testid: `limit-${t.id}`, text: shown(at(shared(), t.display ?? t.path)) }));
  for (const p of d.points) {
    const a = answer({ op: d.op, ...filled({ ...d.request, ...p.fields }, values) });
    out.push({ testid: `cell-${p.id}-1`, text: shown(at(a, d.x.display ?? d.x.path)) });
    out.push({ testid: `cell-${p.id}-2`, text: shown(at(a, d.y.display ?? d.y.path)) });
  }
  return out.map((o) => ({ ...o, label: `${cfg.title}: ${o.testid}` }));
}

/**
 * What the widget `instance` shows for `values`: a list of { testid, within
 * (a selector inside that element, or none), label, text }, each element found
 * by its data-testid inside the widget's root, its text content (whitespace
 * collapsed) equal to `text`.
 */
export function shownTexts(answer, cfg, instance, values) {
  if (cfg.kind === 'core-table' || TABLE_CHART_KINDS.has(cfg.kind)) {
    const t = cfg.table;
    const rows = t.rows?.length ?? at(answer(cellRequest(t.list.op, values, t.fields, t.list.fields)), t.list.path).length;
    return [
      [0, 0],
      [rows - 1, t.columns.length - 1],
    ].map(([r, c]) => ({ testid: `${instance}-r${r}-c${c}`, within: '.cell-value', label: `${instance} r${r} c${c}`, text: tableCell(answer, cfg, values, r, c) }));
  }
  if (cfg.kind === 'steps' || cfg.kind === 'crossover-curve') return stepTexts(answer, cfg, instance, values);
  if (cfg.kind === 'steps-chart') return [...stepTexts(answer, cfg, instance, values), ...stepsChartTexts(answer, cfg, values)];
  if (FIGURE_KINDS.has(cfg.kind)) {
    // The worked example's steps come first when the figure has any (Example 3-1).
    const steps = cfg.steps ? stepTexts(answer, cfg, instance, values) : [];
    if (cfg.kind === 'stage-stack') return [...steps, ...stageStackTexts(answer, cfg, values)];
    if (cfg.kind === 'fluid-backlog') return [...steps, ...fluidBacklogTexts(answer, cfg, values)];
    if (cfg.kind === 'slot-timeline') return [...steps, ...slotTimelineTexts(answer, cfg, values)];
    return [...steps, ...audioTimelineTexts(answer, cfg, values)];
  }
  if (cfg.kind === 'line-chart') return lineChartTexts(answer, cfg, values);
  if (cfg.kind === 'gantt') return ganttTexts(answer, cfg, values);
  if (cfg.kind === 'plane-points') return planePointsTexts(answer, cfg, values);
  if (cfg.kind === 'table-2-1') {
    const req = { op: 'forward', ...cfg.fixed, ...Object.fromEntries(cfg.controls.map((c) => [c.field, Number(values[c.field] ?? c.default)])) };
    return [{ testid: 'total', label: instance, text: answer(req).display }];
  }
  return [];
}
