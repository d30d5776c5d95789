// Build time: the header's light/dark switch (wired by theme/theme.js). A
// toggle button, pressed while the dark palette is in effect; hidden until
// the script shows it, since without scripts it could do nothing. An icon
// only (the header is full on a phone): its name is the aria-label and title.
import { attrs } from '../runtime/html';
import { ui } from '../i18n/ui';

const MOON =
  '<svg class="theme-switch-icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false"><path d="M13.6 10.2A6 6 0 0 1 5.8 2.4a6 6 0 1 0 7.8 7.8z" fill="currentColor"/></svg>';

export function themeSwitch(): string {
  return `<button type="button" class="theme-switch" data-theme-switch data-pagefind-ignore aria-pressed="false" hidden${attrs({ 'aria-label': ui.theme.switch_label, title: ui.theme.switch_label })}>${MOON}</button>`;
}
