// Browser entry: styles, then start the WASM core and fetch this page's
// widget configs, then hydrate the page (web/src/hydrate-page.ts).
//
// The page loads this module with `async`, so it can run while the HTML is
// still being parsed. It imports only the loader (its static graph is a few
// KB), so the core's compilation starts before the page's code (widgets,
// imports, profile) has even been evaluated; that code comes with a dynamic
// import whose chunks the page preloads.
import 'katex/dist/katex.min.css';
import './styles/site.css';
import './styles/pages.css';
import './styles/embed.css';
import './styles/article-widgets.css';
import './styles/figures.css';
// Exercise styles load with the page (their code loads later, on demand):
// prerendered exercises must look final before any script runs.
import './exercises/exercises.css';
// The import dialog's styles too: its code comes with the page code, its
// markup is in every prerendered page.
import './import/import.css';

import { loadEngine } from './runtime/loader';
import { loadPageWidgets } from './runtime/page-widgets';

performance.mark('tally:main');
const core = loadEngine();
const pageWidgets = loadPageWidgets(document);
const { hydratePage } = await import('./hydrate-page');
await hydratePage(core, pageWidgets);
