// Chapter 10's timelines and rates drawn by the core (Figs. 10-14/10-15,
// 10-25/10-26, 10-30, 10-31, 10-37, 10-42/10-43): each is on its page,
// shows the book's printed values at the defaults, and after a reader's
// change shows the core's answer for the new value (the Node core, asked
// here; tests/content/shown-values.mjs for every mark the page shows).

import { pageOfInstance } from '../chapter';
import { allReady, expect, test } from '../fixtures';
import { apart, shownBoxes } from '../shown-boxes';
import { expectAt, open } from './widget-at';

const INSTANCE_PAGE = pageOfInstance('ch10');
type Obj = Record<string, any>;

test('figures 10-14/10-15: the CPU path ends at 4.13 ms and the GPU path at 6.59 over PCIe; NVLink-C2C turns it to 1.21 against 0.75', async ({
  page,
  core,
}) => {
  const w = await open(page, 'fig-10-14');
  expect(INSTANCE_PAGE['fig-10-14']).toBe('10-2.html');
  await expect(w.getByTestId('marker-cpu')).toContainText('4.13');
  await expect(w.getByTestId('marker-gpu')).toContainText('6.59');
  // Two legs on each path: a transfer and a cast.
  await expect(w.locator('svg.is-wide [data-kind="link"]')).toHaveCount(2);
  await w.locator('#fig-10-14-link').selectOption('450');
  const c2c = core.ok({ op: 'offload_cast', link_gb_per_second: '450' }) as Obj;
  await expect(w.getByTestId('marker-cpu')).toContainText(String(c2c.cpu_path_display));
  await expect(w.getByTestId('marker-gpu')).toContainText(String(c2c.gpu_path_display));
  expect([c2c.cpu_path_display, c2c.gpu_path_display]).toEqual(['1.21', '0.75']);
  await expectAt(page, core, 'fig-10-14', { link: '450' });
});

test('figures 10-25/10-26: behind 4 ms of other traffic the 3 ms reduce ends at 7 ms, after the compute’s 5; a longer busy link pushes it to the core’s end', async ({
  page,
  core,
}) => {
  const w = await open(page, 'fig-10-25');
  await expect(w.getByTestId('marker-compute')).toContainText('5');
  await expect(w.getByTestId('marker-end')).toContainText('7');
  await w.locator('#fig-10-25-busy').selectOption('6');
  const end = (core.ok({ op: 'bucket_overlap', reduce_ms: '3', compute_ms: '5', link_busy_ms: '6' }) as Obj).busy_link_reduce_end_ms;
  expect(end).toBe(9);
  await expect(w.getByTestId('marker-end')).toContainText(String(end));
  await expectAt(page, core, 'fig-10-25', { busy: '6' });
});

test('figure 10-30: trained through 100 of 108 handed out, a restart resumes at 101; catching up moves it to the core’s batch', async ({ page, core }) => {
  const w = await open(page, 'fig-10-30');
  await expect(w.getByTestId('marker-resume')).toContainText('101');
  await expect(w.locator('svg.is-wide [data-kind="in_flight"]')).toHaveCount(1);
  await w.locator('#fig-10-30-trained').selectOption('108');
  await expect(w.getByTestId('marker-resume')).toContainText(String((core.ok({ op: 'input_supply', trained_through: 108 }) as Obj).resume_batch));
  await expect(w.locator('svg.is-wide [data-kind="in_flight"]')).toHaveCount(0);
  await expectAt(page, core, 'fig-10-30', { trained: '108' });
});

test('figure 10-31: eight new shards, each reading half of one old shard; from three old shards the core’s pieces number ten', async ({ page, core }) => {
  const w = await open(page, 'fig-10-31');
  await expect(w.locator('svg.is-wide [data-kind]')).toHaveCount(8);
  for (const old of ['0', '1', '2', '3']) await expect(w.locator(`svg.is-wide [data-kind="${old}"]`)).toHaveCount(2);
  await w.locator('#fig-10-31-old').selectOption('3');
  const pieces = (core.ok({ op: 'reshard_rows', old_ways: 3, new_ways: 8 }) as Obj).pieces as Obj[];
  expect(pieces.length).toBe(10);
  for (const old of ['0', '1', '2'])
    await expect(w.locator(`svg.is-wide [data-kind="${old}"]`)).toHaveCount(pieces.filter((p) => String(p.old_shard) === old).length);
  await expectAt(page, core, 'fig-10-31', { old: '3' });
});

test('figure 10-37: 4.5 trajectories a second reach learning; doubling verification lifts the line to the core’s 8', async ({ page, core }) => {
  const w = await open(page, 'fig-10-37');
  await expect(w.getByTestId('bar-kept')).toHaveText('4.5');
  await w.locator('#fig-10-37-ver').selectOption('12');
  const r = core.ok({ op: 'rl_stages', verification_per_second: '12' }) as Obj;
  await expect(w.getByTestId('bar-kept')).toHaveText(String(r.verified_per_second));
  expect(r.effective_per_second).toBe(8);
  await expectAt(page, core, 'fig-10-37', { ver: '12' });
});

test('figures 10-42/10-43: 60 s a batch in turn, 44 s overlapped; learning longer than generation moves both to the core’s', async ({ page, core }) => {
  const w = await open(page, 'fig-10-42');
  await expect(w.getByTestId('marker-in_turn')).toContainText('60');
  await expect(w.getByTestId('marker-overlapped')).toContainText('44');
  // The sync stops both sides: drawn on all four lanes.
  await expect(w.locator('svg.is-wide [data-kind="sync"]')).toHaveCount(4);
  await w.locator('#fig-10-42-learn').selectOption('48');
  const r = core.ok({ op: 'rl_stages', generation_seconds: '40', learning_seconds: '48', sync_seconds: '4' }) as Obj;
  await expect(w.getByTestId('marker-in_turn')).toContainText(String(r.in_turn_seconds));
  await expect(w.getByTestId('marker-overlapped')).toContainText(String(r.overlapped_seconds));
  await expectAt(page, core, 'fig-10-42', { learn: '48' });
});

test('figure 10-21: interleaved 1F1B (v = 2) is done at 297.7 ms with card 3 starting at 19.7; three blocks per card give the core’s time', async ({
  page,
  core,
}) => {
  const w = await open(page, 'fig-10-21');
  expect(INSTANCE_PAGE['fig-10-21']).toBe('10-3.html');
  await expect(w.getByTestId('marker-done')).toContainText('297.7');
  // Each of the 4 cards runs 8 micro-batches' forward and backward on its second block.
  await expect(w.locator('svg.is-wide [data-kind="F1"]')).toHaveCount(32);
  await expect(w.locator('svg.is-wide [data-kind="B1"]')).toHaveCount(32);
  await w.locator('#fig-10-21-chunks').selectOption('3');
  const three = core.ok({ op: 'pipeline_schedule', schedule: 'interleaved', virtual_stages: '3', stages: '4', micro_batches: '8' }) as Obj;
  await expect(w.getByTestId('marker-done')).toContainText(String(three.completion_display));
  await expectAt(page, core, 'fig-10-21', { chunks: '3' });
});

test('figure 10-21: micro-batches that are not a multiple of p are refused under their own name, and a multiple clears it', async ({ page, core }) => {
  const w = await open(page, 'fig-10-21');
  await w.locator('#fig-10-21-p').selectOption('8');
  await w.locator('#fig-10-21-m').selectOption('4');
  const refused = core.error({ op: 'pipeline_schedule', schedule: 'interleaved', virtual_stages: '2', stages: '8', micro_batches: '4' });
  expect(refused.field).toBe('micro_batches');
  await expect(w.locator('#fig-10-21-error')).toBeVisible();
  await expect(w.locator('#fig-10-21-error')).toHaveText(`micro-batch 數 m（p 的倍數）：${refused.detail}`);
  await expect(w.locator('#fig-10-21-m')).toHaveAttribute('aria-invalid', 'true');
  await w.locator('#fig-10-21-m').selectOption('16');
  await expect(w.locator('#fig-10-21-error')).toBeHidden();
  await expectAt(page, core, 'fig-10-21', { p: '8', m: '16' });
});

test('figure 10-23: DualPipe is done at 306 ms, both end cards start at 0; 16 micro-batches give the core’s 558', async ({ page, core }) => {
  const w = await open(page, 'fig-10-23');
  expect(INSTANCE_PAGE['fig-10-23']).toBe('10-3.html');
  await expect(w.getByTestId('marker-done')).toContainText('306');
  // Half of the 8 micro-batches are fed at each end: 4 cards × 4 forwards in each direction.
  await expect(w.locator('svg.is-wide [data-kind="F0"]')).toHaveCount(16);
  await expect(w.locator('svg.is-wide [data-kind="F1"]')).toHaveCount(16);
  await w.locator('#fig-10-23-m').selectOption('16');
  const sixteen = core.ok({ op: 'pipeline_schedule', schedule: 'dualpipe', micro_batches: '16', stages: '4' }) as Obj;
  expect(sixteen.completion_display).toBe('558');
  await expect(w.getByTestId('marker-done')).toContainText('558');
  await expectAt(page, core, 'fig-10-23', { m: '16' });
});

test('figure 10-24: 347, 297.7, 283 and 306 ms at 8 micro-batches, 599, 537.7, 523 and 558 at 16; peaks 921, 1,329, 1,226 and 1,612 MiB', async ({
  page,
  core,
}) => {
  const w = await open(page, 'fig-10-24');
  const times: Array<[string, string]> = [
    ['oba', '347'],
    ['obb', '599'],
    ['ila', '297.7'],
    ['ilb', '537.7'],
    ['zba', '283'],
    ['zbb', '523'],
    ['dpa', '306'],
    ['dpb', '558'],
  ];
  for (const [bar, shown] of times) await expect(w.getByTestId(`bar-${bar}`)).toHaveText(shown);
  // No link delay: interleaving's extra boundaries cost nothing and its step shrinks to the core's.
  await w.locator('#fig-10-24-link').selectOption('0');
  const free = core.ok({ op: 'pipeline_schedule', schedule: 'interleaved', virtual_stages: '2', micro_batches: '8', link_ms: '0' }) as Obj;
  await expect(w.getByTestId('bar-ila')).toHaveText(String(free.completion_display));
  await expectAt(page, core, 'fig-10-24', { link: '0' });
  const peaks = await open(page, 'fig-10-24-peak');
  const peakShown: Array<[string, string]> = [
    ['ob', '921 MiB'],
    ['il', '1,329 MiB'],
    ['zb', '1,226 MiB'],
    ['dp', '1,612 MiB'],
  ];
  for (const [bar, shown] of peakShown) await expect(peaks.getByTestId(`bar-${bar}`)).toHaveText(shown);
  await peaks.locator('#fig-10-24-peak-m').selectOption('16');
  await expect(peaks.getByTestId('bar-dp')).toHaveText('1,917 MiB');
  await expectAt(page, core, 'fig-10-24-peak', { m: '16' });
});

// Chapter 10's figures with vertical rules or markers, at every value of their menus: on a phone a rule's label keeps
// off the y axis's title, the other labels and the lane names (figures/plot.ts referenceLines).
const RULED: Array<[string, string]> = [
  ['fig-10-27', ''],
  ['fig-10-35', 'bw'],
  ['fig-10-46', ''],
  ['fig-10-14', 'link'],
  ['fig-10-25', 'busy'],
  ['fig-10-42', 'learn'],
  ['fig-10-21', 'chunks'],
  ['fig-10-23', 'm'],
];
for (const [instance, control] of RULED) {
  test(`${instance} at 360 px: rule labels keep off the y axis’s title, each other and the lane names at every menu value`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    const w = await open(page, instance);
    const values = control ? await w.locator(`#${instance}-${control} option`).evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value)) : [''];
    for (const v of values) {
      if (control) await w.locator(`#${instance}-${control}`).selectOption(v);
      await allReady(page);
      const found = await shownBoxes(w, '.marker.rule text, .axis-title, .bar-label');
      // Not vacuous: the phone's drawing is the one measured, and it has a rule's label.
      expect(found.some((b) => /\d/.test(b.name))).toBe(true);
      for (const [i, a] of found.entries())
        for (const b of found.slice(i + 1)) expect(apart(a, b), `${instance} ${v}: "${a.name}" overlaps "${b.name}"`).toBe(true);
    }
  });
}
