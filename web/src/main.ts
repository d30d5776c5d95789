// Browser entry: styles, then start the WASM core and fetch this page's
// widget configs, then hydrate the page (web/src/hydrate-page.ts).
//
// The page loads this module with `async`, so it can run while the HTML is
// still being parsed. The page code is a static import on purpose: with it
// behind a dynamic import the core was ready sooner but the widgets later
// (their hydration then ran after the core instead of while it compiles).
import 'katex/dist/katex.min.css';
import './styles/site.css';
import './styles/pages.css';
import './styles/embed.css';
import './styles/article-widgets.css';
import './styles/no-script.css';
import './styles/figures.css';
import './styles/controls.css';
import './styles/drag.css';
// Exercise styles load with the page (their code loads later, on demand):
// prerendered exercises must look final before any script runs.
import './exercises/exercises.css';
// The import dialog's styles too: its code comes with the page code, its
// markup is in every prerendered page.
import './import/import.css';
import './styles/profile-chip.css';
import './theme/theme-switch.css';
// Paper last: its rules override the screen's (controls hidden, tables fitted).
import './styles/print.css';

import { hydratePage } from './hydrate-page';
import { loadEngine } from './runtime/loader';
import { loadPageWidgets } from './runtime/page-widgets';
import { withLang } from './i18n/core-lang';
import { pageLang } from './i18n/editions';

performance.mark('tally:main');
// The edition's language on every request, once the core takes it (i18n/core-lang.ts).
await hydratePage(
  loadEngine().then((e) => withLang(e, pageLang())),
  loadPageWidgets(document),
);
