// Pitfall checks (widgets/steps with a "check"): the reader picks true or
// false, the page says whether that matches and opens the core's evidence.
// The verdict is content (the book's claim is a known fallacy); the numbers
// that explain it are the widget's core-computed steps.

export function installCheckHandler(doc: Document): void {
  doc.addEventListener('click', (e) => {
    const button = (e.target as Element | null)?.closest<HTMLButtonElement>('[data-check] button[data-pick]');
    if (!button) return;
    const check = button.closest<HTMLElement>('[data-check]')!;
    const feedback = check.querySelector<HTMLElement>('.check-feedback');
    const right = button.dataset.pick === check.dataset.answer;
    check.dataset.picked = right ? 'right' : 'wrong';
    for (const b of check.querySelectorAll<HTMLButtonElement>('button[data-pick]')) {
      b.setAttribute('aria-pressed', b === button ? 'true' : 'false');
    }
    if (feedback) feedback.textContent = (right ? feedback.dataset.right : feedback.dataset.wrong) ?? '';
    const evidence = check.querySelector<HTMLDetailsElement>('details.check-evidence');
    if (evidence) evidence.open = true;
  });
}
