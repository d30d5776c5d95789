// Entry behind embed.js (the stub build-site.mjs writes calls defineTallyWidget
// with this build's core and stylesheet URLs).
export { defineTallyWidget } from './embed/element';
