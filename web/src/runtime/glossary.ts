// Glossary tooltips are pure CSS (hover, focus). This only lets the reader
// dismiss an open tooltip with Escape without moving focus (WCAG 1.4.13).
export function installGlossaryKeys(doc: Document): void {
  doc.addEventListener('keydown', (e) => {
    const term = (e.target as Element | null)?.closest?.('.gloss-term');
    if (e.key === 'Escape' && term) term.setAttribute('data-dismissed', '');
  });
  doc.addEventListener('focusout', (e) => (e.target as Element | null)?.closest?.('.gloss-term')?.removeAttribute('data-dismissed'));
}
