// The small prompt a page shows when the reader's offline copy holds another
// edition but not this one (offline/register.ts): save this edition too, or
// not now. "Not now" lasts for the tab's session (sessionStorage), so the
// prompt does not follow the reader from page to page. Words: content/site/ui.json "offline".

import { esc } from '../runtime/html';
import { fill, ui } from '../i18n/ui';

const DISMISSED_KEY = 'tally.offline-offer.dismissed';

function dismissed(lang: string): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === lang;
  } catch {
    return false;
  }
}

function dismiss(lang: string): void {
  try {
    sessionStorage.setItem(DISMISSED_KEY, lang);
  } catch {
    // Storage blocked: the prompt only comes back on the next page.
  }
}

/** Shows the prompt; `save` stores this edition and resolves once it is stored. */
export function offerToSave(doc: Document, save: () => Promise<void>): void {
  const lang = doc.documentElement.lang;
  if (dismissed(lang)) return;
  const t = ui.offline;
  const box = doc.createElement('div');
  box.className = 'update-banner save-offer';
  box.dataset.saveOffer = '';
  box.dataset.pagefindIgnore = 'all';
  box.setAttribute('role', 'region');
  box.setAttribute('aria-label', t.offer_label);
  box.innerHTML =
    `<p role="status" data-save-offer-text>${esc(t.offer)}</p>` +
    `<button type="button" data-save-offer-save>${esc(t.offer_save)}</button>` +
    `<button type="button" class="update-later" data-save-offer-later>${esc(t.offer_later)}</button>`;
  doc.body.append(box);
  const text = box.querySelector<HTMLElement>('[data-save-offer-text]')!;
  const buttons = [...box.querySelectorAll('button')];
  box.querySelector('[data-save-offer-later]')!.addEventListener('click', () => {
    dismiss(lang);
    box.remove();
  });
  box.querySelector('[data-save-offer-save]')!.addEventListener('click', () => {
    buttons.forEach((b) => b.remove());
    text.textContent = t.offer_saving;
    save().then(
      () => {
        text.textContent = t.offer_saved;
        setTimeout(() => box.remove(), 6000);
      },
      (error: unknown) => (text.textContent = fill(t.offer_failed, { reason: error instanceof Error ? error.message : String(error) })),
    );
  });
}
