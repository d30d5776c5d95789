// Imported models in embeds (web/src/embed/imports.ts): an iframe or a
// <tally-widget> on another origin takes a model from the URL's
// #import:m=<token> or the element's `import` attribute, and a widget with a
// model picker offers the import form in flow. On a third-party page nothing
// is written into the host's localStorage. Every expected number is the Node
// core's answer for the same request.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';

import { allReady, DEFAULTS, expect, test, widget, type Core } from './fixtures';
import { builtVersion, startHost, type HostServer } from './embed-host';

test.describe.configure({ timeout: 180_000 });

let host: HostServer;
test.beforeAll(async () => {
  host = await startHost();
});
test.afterAll(() => host?.stop());

const version = builtVersion();
const fixtureText = (name: string) => readFileSync(path.resolve(import.meta.dirname, `../fixtures/hf/${name}.json`), 'utf8');
const token = (text: string) => deflateRawSync(Buffer.from(text, 'utf8')).toString('base64url');
type Obj = ReturnType<Core['ok']>;

function imported(core: Core, name: string): { spec: Obj; id: string; text: string; shared: string } {
  const text = fixtureText(name);
  const result = core.ok({ op: 'import_hf_config', config_text: text });
  const spec = result.spec as Obj;
  return { spec, id: spec.id as string, text, shared: result.shared_config_text as string };
}

async function openHost(page: Page, baseURL: string, extra: Record<string, string> = {}): Promise<void> {
  const q = new URLSearchParams({ tally: new URL(baseURL).origin, ver: version, ...extra });
  await page.goto(`${host.origin}/index.html?${q.toString()}`);
}

const ready = (l: Locator) => expect(l.locator('[data-widget]')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });

/** Open the embed's import panel, paste a config, import it. */
async function importIn(scope: Locator, text: string): Promise<Locator> {
  await scope.getByRole('button', { name: '匯入模型' }).click();
  const panel = scope.locator('[data-import-panel]');
  await expect(panel).toBeVisible();
  // Its stylesheet reached the frame or the shadow root: the form is one column.
  await expect(panel.locator('[data-import-form]')).toHaveCSS('grid-template-columns', /^[\d.]+px$/);
  await panel.getByLabel('貼上 config.json 的內容').fill(text);
  await panel.getByRole('button', { name: '匯入', exact: true }).click();
  await expect(panel.locator('[data-import-status]')).toContainText('已匯入');
  return panel;
}

test('a third-party iframe and element take an imported model from the link, with the core’s numbers', async ({ page, baseURL, core }) => {
  const m = imported(core, 'qwen2-7b');
  const t = token(m.shared);
  await openHost(page, baseURL!, {
    frame0: `w=capacity&model=${m.id}#import:m=${t}`,
    element0: `capacity|model=${m.id}&gpu=h100-sxm|${t}`,
  });
  const frame = page.frameLocator('[data-testid="frame-0"]').locator('body');
  const element = page.getByTestId('element-0');
  await ready(frame);
  await ready(element);
  await expect(frame.getByTestId('requests')).toHaveText(core.ok({ ...DEFAULTS.capacity, model: m.spec }).display as string);
  await expect(frame.getByLabel('模型', { exact: true })).toHaveValue(m.id);
  await expect(frame.getByLabel('模型', { exact: true }).locator('option:checked')).toHaveText(`${m.spec.name as string}（匯入）`);
  await expect(element.getByTestId('requests')).toHaveText(core.ok({ ...DEFAULTS.capacity, gpu: 'h100-sxm', model: m.spec }).display as string);
  await expect(element.getByLabel('模型', { exact: true }).locator('option:checked')).toHaveText(`${m.spec.name as string}（匯入）`);
  // The host's storage is its author's: the element kept the model for this page only.
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('tally.')))).toEqual([]);

  // A tampered token: the core's refusal is said in the embed, and the widget still works.
  const bad = JSON.parse(m.shared);
  bad.num_key_value_heads = 5;
  const refusal = core.error({ op: 'import_hf_config', config_text: JSON.stringify(bad) });
  await openHost(page, baseURL!, { frame0: `w=capacity#import:m=${token(JSON.stringify(bad))}`, element0: `capacity||${token(JSON.stringify(bad))}` });
  await ready(frame);
  await expect(frame.locator('#embed-error')).toContainText(refusal.message);
  await expect(frame.getByTestId('requests')).toHaveText(core.ok(DEFAULTS.capacity).display as string);
  await ready(element);
  await expect(element.getByTestId('import-problem')).toContainText(refusal.message);
});

test('importing inside an embed: the picker gains the model, numbers from the core, the host page untouched', async ({ page, baseURL, core }) => {
  const moe = imported(core, 'mixtral-8x7b-v0.1');
  await openHost(page, baseURL!);
  const frame = page.frameLocator('[data-testid="frame-0"]').locator('body');
  await ready(frame);
  // Widgets without a model picker get no import button.
  const f1 = page.frameLocator('[data-testid="frame-1"]').locator('body');
  await ready(f1);
  await expect(f1.getByRole('button', { name: '匯入模型' })).toHaveCount(0);

  const framePanel = await importIn(frame, moe.text);
  await expect(framePanel.getByTestId('summary-params')).toHaveText(core.ok({ op: 'import_hf_config', config_text: moe.text }).params_display as string);
  await framePanel.getByRole('button', { name: '關閉' }).click();
  await expect(framePanel).toBeHidden();
  await frame.getByLabel('模型', { exact: true }).selectOption(moe.id);
  await expect(frame.getByTestId('requests')).toHaveText(core.ok({ ...DEFAULTS.capacity, model: moe.spec }).display as string);

  const element = page.getByTestId('element-0');
  await ready(element);
  const elementPanel = await importIn(element, moe.text);
  await expect(elementPanel.locator('[data-import-status]')).toContainText('只在這一頁有效');
  await element.getByLabel('模型', { exact: true }).selectOption(moe.id);
  await expect(element.getByTestId('requests')).toHaveText(core.ok({ ...DEFAULTS.capacity, gpu: 'h100-sxm', model: moe.spec }).display as string);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('tally.')))).toEqual([]);
  // A config the core refuses: its message, the field named.
  await elementPanel.getByLabel('貼上 config.json 的內容').fill('{"model_type": "gpt2"}');
  await elementPanel.getByRole('button', { name: '匯入', exact: true }).click();
  await expect(elementPanel.getByTestId('import-error')).toHaveText(core.error({ op: 'import_hf_config', config_text: '{"model_type": "gpt2"}' }).message);

  const axe = await new AxeBuilder({ page }).include('[data-testid="element-0"]').analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('the 嵌入 button of a widget set to an imported model gives embeds that import it', async ({ page, browser, core }) => {
  const m = imported(core, 'gemma-2-9b');
  await page.goto(`./2-6.html#import:m=${token(m.shared)};capacity:model=${m.id}`);
  await allReady(page);
  const cap = widget(page, 'capacity');
  await expect(cap.getByTestId('requests')).toHaveText(core.ok({ ...DEFAULTS.capacity, model: m.spec }).display as string);
  await cap.getByTestId('embed-button').click();
  // The snippets are written once the imported model's share token is ready.
  await expect(cap.getByTestId('embed-iframe')).toHaveValue(new RegExp(`model=${m.id}`));
  const iframeCode = await cap.getByTestId('embed-iframe').inputValue();
  const elementCode = await cap.getByTestId('embed-element').inputValue();
  expect(iframeCode).toContain(`model=${m.id}`);
  expect(iframeCode).toMatch(/#import:m=[A-Za-z0-9_-]+/);
  expect(elementCode).toMatch(/ import="[A-Za-z0-9_-]+"/);

  // The iframe's URL, opened in a browser that never saw the model, shows the core's number for it.
  const src = /src="([^"]+embed\.html[^"]+)"/.exec(iframeCode)![1]!.replace(/&amp;/g, '&');
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  const errors: string[] = [];
  other.on('pageerror', (e) => errors.push(e.message));
  other.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  await other.goto(src);
  await expect(other.locator('[data-widget]')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expect(other.getByTestId('requests')).toHaveText(core.ok({ ...DEFAULTS.capacity, model: m.spec }).display as string);
  expect(errors).toEqual([]);
  await fresh.close();
});
