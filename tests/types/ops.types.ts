// Type tests of the generated API types (web/src/runtime/generated/ops.ts),
// checked by `tsc --noEmit` (the `types` test layer), as CanvasKit checks its
// bindings: each `satisfies` line must compile, each line under
// `@ts-expect-error` must not.  Nothing here runs.
import type { Engine, Fields } from '../../web/src/runtime/engine';
import {
  EXPLAINED_OPS,
  OPS,
  type ExplainedOp,
  type ForwardResult,
  type Op,
  type OpRequests,
  type OpResults,
  type StateCurveResult,
} from '../../web/src/runtime/generated/ops';

declare const engine: Engine;
declare const fields: Fields;

export async function results(): Promise<void> {
  const forward = await engine('forward', fields);
  forward.total satisfies bigint;
  forward.display satisfies string;
  forward.items[0]?.flops satisfies bigint | undefined;
  forward.how satisfies unknown;
  forward.notes satisfies string[];
  forward.displays satisfies Record<string, string>;
  // @ts-expect-error exact values are bigint, never number
  forward.total satisfies number;
  // @ts-expect-error a key the core does not send is not in the type
  void forward.totl;

  const state = await engine('state', fields);
  state.h_star satisfies bigint | undefined; // optional: absent when there is no fixed state
  // @ts-expect-error an optional exact value may be undefined
  state.h_star satisfies bigint;
  state.reads[0]?.entries_cap satisfies bigint | undefined;

  const curve: StateCurveResult = await engine('state_curve', fields);
  curve.by_kind satisfies Record<string, bigint[]>;
  curve.total_display satisfies string[];

  const check = await engine('check_answer', fields);
  check.correct satisfies boolean;
  check.mistake satisfies string | null;
  // @ts-expect-error nullable: may be null
  check.mistake satisfies string;

  const effort = await engine('effort_scale', fields);
  effort.fraction satisfies string; // a ratio the page keeps as text
  effort.published satisfies boolean;

  const compare = await engine('compare', fields);
  compare.rows[0]?.params satisfies bigint | undefined; // a row that failed alone has no numbers
  compare.rows[0]?.error satisfies string | undefined;
  compare.rows[0]?.values satisfies Record<string, bigint> | undefined;

  // @ts-expect-error an op the core does not have
  await engine('fly', fields);
}

// Requests: every declared field, with its kind; nothing else.
({ model: 'qwen3-8b', input: 8192, context: '32K', explain: true }) satisfies OpRequests['forward'];
({ lengths: [1, 8192], displays: false }) satisfies OpRequests['state_curve'];
({}) satisfies OpRequests['catalog'];
// @ts-expect-error a typo is not a field
({ model: 'qwen3-8b', imput: 8 }) satisfies OpRequests['forward'];
// @ts-expect-error explain is a flag
({ explain: 'yes' }) satisfies OpRequests['kv'];
// @ts-expect-error effort_scale does not explain
({ effort: 50, explain: true }) satisfies OpRequests['effort_scale'];

// The op lists and the result map agree with each other.
'candidate_pool' satisfies Op;
'dependency_chain' satisfies ExplainedOp;
// @ts-expect-error effort_scale does not explain
'effort_scale' satisfies ExplainedOp;
OPS satisfies readonly Op[];
EXPLAINED_OPS satisfies readonly Op[];
({}) as OpResults['forward'] satisfies ForwardResult;
