// The header's profile chip: every chapter page says which reader profile its
// widgets start from ("設定檔：INT4 權重 · H200", or a quiet "書中預設"),
// links to the form on the landing page, and offers one reset back to the
// book's values. Prerendered as "書中預設", which is what a page shows
// without JavaScript (the profile needs scripts to apply at all).
//
// Names come from the core's catalog (and the imported models' registry);
// a value the catalog does not know (a stale id) is shown as stored, so the
// reader can see what the widgets are being asked.

import { ui } from '../i18n/ui';
import raw from '../../../content/site/profile.json';
import { importedModels } from '../import/models';
import { chapters, landingPage } from './book';
import type { Catalog, Engine } from './engine';
import { attrs, esc } from './html';
import { clearProfile, loadProfile, onProfileChange, type Profile } from './profile';

const t = raw.chip;

/** Where the profile form lives, from a chapter page: the first chapter's landing page. */
const FORM_HREF = `${landingPage(chapters[0]!)}#reader-profile`;

/** The chip's markup (build time), in the header beside the site name. */
export function profileChip(): string {
  return (
    `<p class="profile-chip" data-profile-chip data-active="false">` +
    // "{label}：{value}" in the edition's punctuation, the label a link.
    `${esc(ui.page.label_value)
      .split('{value}')[0]!
      .replace('{label}', `<a${attrs({ href: FORM_HREF, title: t.title })}>${esc(t.label)}</a>`)}` +
    `<span data-profile-chip-text data-testid="profile-chip-text">${esc(t.book)}</span>` +
    `<button type="button" class="profile-chip-reset" data-profile-chip-reset${attrs({ 'aria-label': t.reset_label })} hidden>${esc(t.reset)}</button>` +
    `</p>`
  );
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** The edition's opening bracket of an aside: what "{value}（{aside}）" / "{value} ({aside})" puts between them. */
const ASIDE_OPENS = ui.widgets.aside.slice(ui.widgets.aside.indexOf('{value}') + '{value}'.length, ui.widgets.aside.indexOf('{aside}'));

/** A name without its bracketed aside: "INT4（每 128 值一個 FP16 scale）" → "INT4", "INT4 (one FP16 scale per 128 values)" → "INT4". */
export function shortName(name: string): string {
  const at = ASIDE_OPENS ? name.indexOf(ASIDE_OPENS) : -1;
  return at > 0 ? name.slice(0, at) : name;
}

/** "Qwen3-8B · INT4 權重 · H200 · 每請求 32768 token": the slots the reader chose, in the form's order. */
export function describeProfile(p: Profile, catalog: Catalog | null): string {
  const nameOf = (list: Array<{ id: string; name: string }> | undefined, id: string) => list?.find((e) => e.id === id)?.name;
  const parts: string[] = [];
  if (p.model) parts.push(nameOf(catalog?.models, p.model) ?? importedModels.get(p.model)?.name ?? p.model);
  // A format's name carries its scale layout in the edition's brackets ("INT4（每 128 值…）",
  // "INT4 (one FP16 scale…)"): the chip keeps the short form.
  if (p.precision) parts.push(fill(t.precision, { name: shortName(nameOf(catalog?.dtypes, p.precision) ?? p.precision) }));
  if (p.gpu) parts.push(nameOf(catalog?.gpus, p.gpu) ?? p.gpu);
  if (p.context) parts.push(fill(t.context, { value: p.context }));
  return parts.length ? parts.join(t.separator) : t.book;
}

/** Keep the chip on the page in step with the stored profile (this tab's saves and other tabs'). */
export function wireProfileChip(doc: Document, engine: Promise<Engine>): void {
  const chip = doc.querySelector<HTMLElement>('[data-profile-chip]');
  const textEl = chip?.querySelector<HTMLElement>('[data-profile-chip-text]');
  const reset = chip?.querySelector<HTMLButtonElement>('[data-profile-chip-reset]');
  if (!chip || !textEl || !reset) return;
  let catalog: Catalog | null = null;

  const show = (): void => {
    const { profile, problem } = loadProfile();
    const active = Object.keys(profile).length > 0;
    textEl.textContent = problem ? t.unreadable : describeProfile(profile, catalog);
    textEl.title = textEl.textContent; // the whole of it, where a phone cuts it short
    chip.dataset.active = String(active);
    reset.hidden = !active;
  };
  show();
  onProfileChange(show);
  importedModels.onChange(show); // an imported model's name arrives after the page starts
  reset.addEventListener('click', () => clearProfile());
  void engine
    .then((core) => core('catalog'))
    .then((c) => {
      catalog = c;
      show();
    })
    .catch(() => undefined); // no core: ids stay as stored, the widgets say why they cannot compute
}
