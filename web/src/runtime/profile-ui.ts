// Wires the reader-profile form (site/profile-form.ts) and reports an
// unreadable stored profile on every page. What the reader enters is checked
// by the core before it is saved: model and context through `state`, GPU
// and precision through `capacity`, and a refusal is shown under its field.

import { fill as fillUi, ui } from '../i18n/ui';
import { EngineError, encodeIntegerInput, type Engine } from './engine';
import { clearProfile, loadProfile, onProfileChange, PROFILE_SLOTS, saveProfile, type Profile, type ProfileSlot } from './profile';

/** Which profile slot a refused request field belongs to. */
const SLOT_OF_FIELD: Record<string, ProfileSlot> = {
  model: 'model',
  tokens: 'context',
  context: 'context',
  gpu: 'gpu',
  weight_dtype: 'precision',
};

/** The book's values, used to complete a partial profile for the check. */
const BOOK = { model: 'qwen3-8b', gpu: 'rtx-4090', precision: 'bf16', context: '8192' };

export function showProfileProblem(doc: Document): void {
  const { problem } = loadProfile();
  const el = doc.querySelector<HTMLElement>('[data-profile-problem]');
  if (!el) return;
  el.textContent = problem ?? '';
  el.hidden = problem === null;
}

export function wireProfileForm(doc: Document, engine: Promise<Engine>): void {
  const form = doc.querySelector<HTMLFormElement>('[data-profile-form] form');
  if (!form) return;
  const status = form.querySelector<HTMLElement>('[data-profile-status]')!;
  const error = form.querySelector<HTMLElement>('#profile-error')!;
  const control = (slot: ProfileSlot) => form.querySelector<HTMLInputElement | HTMLSelectElement>(`#profile-${slot}`)!;

  const fill = (p: Profile) => {
    for (const slot of PROFILE_SLOTS) {
      const el = control(slot);
      const v = p[slot] ?? '';
      if (el instanceof HTMLSelectElement && v && ![...el.options].some((o) => o.value === v)) el.add(new Option(v, v));
      el.value = v;
    }
  };
  const clearError = () => {
    error.hidden = true;
    for (const slot of PROFILE_SLOTS) control(slot).removeAttribute('aria-invalid');
  };
  fill(loadProfile().profile);
  // The header chip's reset, or another tab, changed the profile: show what is stored.
  onProfileChange(() => fill(loadProfile().profile));
  status.textContent = '';

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void (async () => {
      const p: Profile = {};
      for (const slot of PROFILE_SLOTS) if (control(slot).value.trim()) p[slot] = control(slot).value.trim();
      const core = await engine;
      try {
        await core('state', { model: p.model ?? BOOK.model, tokens: encodeIntegerInput(p.context ?? BOOK.context) });
        await core('capacity', {
          model: BOOK.model,
          gpu: p.gpu ?? BOOK.gpu,
          weight_dtype: p.precision ?? BOOK.precision,
          context: encodeIntegerInput(BOOK.context),
        });
      } catch (err) {
        if (!(err instanceof EngineError)) throw err;
        const slot = SLOT_OF_FIELD[err.field];
        clearError();
        // Named by the form's own label ("每請求上下文 token：…"), not the request field the check used.
        const label = slot ? form.querySelector(`label[for="profile-${slot}"]`)?.textContent : null;
        error.textContent = label && err.detail ? fillUi(ui.page.label_value, { label, value: err.detail }) : err.message;
        error.hidden = false;
        if (slot) {
          control(slot).setAttribute('aria-invalid', 'true');
          control(slot).closest('[data-field-wrap]')?.appendChild(error);
        }
        status.textContent = '';
        return;
      }
      clearError();
      saveProfile(p);
      showProfileProblem(doc);
      status.textContent = form.dataset.saved ?? '';
    })();
  });
  form.querySelector('[data-profile-clear]')?.addEventListener('click', () => {
    clearProfile();
    fill({});
    clearError();
    showProfileProblem(doc);
    status.textContent = form.dataset.cleared ?? '';
  });
}
