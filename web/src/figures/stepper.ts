// Step-through for diagrams: marks carry data-step="k"; the stepper shows
// steps 0…k and dims the rest. A step-through opens at its first step (a
// reader steps forward), and that state is prerendered (stepAttrs), so
// hydrating changes no markup. Without JavaScript the dimming, the buttons
// and the caption stay off (figures.css keys them on data-enhanced) and the
// whole diagram shows; enhance() wires the buttons.

import { el, type Mark } from './marks';
import { notationRuns } from './notation';

/**
 * A caption's words as HTML marks, its scripts set as the prose sets them
 * ("λ_k" → λ with a lowered k, figures/notation.ts): plain runs as spans.
 */
function captionMarks(caption: string): Mark[] {
  return notationRuns(caption).map((r) => el(r.shift === 'sub' ? 'sub' : r.shift === 'super' ? 'sup' : 'span', {}, r.text));
}

/** Buttons and the live caption, placed above the diagram. */
export function stepperMarks(captions: string[], labels: { next: string; reset: string }): Mark[] {
  return [
    el('div', { class: 'fig-stepper', role: 'group' }, [
      el('button', { type: 'button', 'data-step-action': 'next', 'data-testid': 'step-next' }, labels.next),
      el('button', { type: 'button', 'data-step-action': 'reset', 'data-testid': 'step-reset' }, labels.reset),
    ]),
    el('p', { class: 'fig-step-caption', 'aria-live': 'polite', 'data-step-caption': '', 'data-testid': 'step-caption' }, captionMarks(captions[0] ?? '')),
    // Captions travel with the markup so the browser needs no second copy of the content.
    el(
      'ol',
      { class: 'visually-hidden fig-step-list', 'data-step-captions': '' },
      captions.map((c) => el('li', {}, captionMarks(c))),
    ),
  ];
}

/** The attributes of a mark of step `step` at the first step of `last + 1`: what apply(root, 0) writes. */
export function stepAttrs(step: number, last: number): Record<string, string> {
  const attrs: Record<string, string> = { 'data-step': String(step) };
  if (step > 0) attrs['data-future'] = '';
  if (step === 0 && last > 0) attrs['data-current'] = '';
  return attrs;
}

function apply(root: HTMLElement, step: number): void {
  const captions = [...root.querySelectorAll('[data-step-captions] li')];
  const last = Math.max(0, captions.length - 1);
  const k = Math.min(Math.max(step, 0), last);
  root.dataset.step = String(k);
  for (const node of root.querySelectorAll<SVGElement | HTMLElement>('[data-step]')) {
    const s = Number(node.getAttribute('data-step'));
    node.toggleAttribute('data-future', s > k);
    node.toggleAttribute('data-current', s === k && k < last);
  }
  const caption = root.querySelector('[data-step-caption]');
  // The step's caption, its scripts kept (a copy of the list's item, built from the same marks).
  if (caption) caption.replaceChildren(...[...(captions[k]?.childNodes ?? [])].map((n) => n.cloneNode(true)));
}

/** Wire the step buttons of a widget (event delegation: the output may be rebuilt). */
export function enhanceStepper(root: HTMLElement): void {
  root.dataset.enhanced = 'true';
  root.addEventListener('click', (e) => {
    const button = (e.target as Element).closest<HTMLButtonElement>('[data-step-action]');
    if (!button || !root.contains(button)) return;
    const last = root.querySelectorAll('[data-step-captions] li').length - 1;
    const current = Number(root.dataset.step ?? 0);
    const next = button.dataset.stepAction === 'reset' ? 0 : current >= last ? 0 : current + 1;
    apply(root, next);
  });
  // A recomputation may rebuild the drawing: keep showing the reader's step.
  root.addEventListener('tally:update', () => apply(root, Number(root.dataset.step ?? 0)));
  apply(root, 0);
}
