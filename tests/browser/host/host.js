// A host page on another origin, written the way docs/embed.md tells a
// third-party site to embed Tally. Query: ?tally=<origin>&ver=<version>
// [&frame<i>=<query for embed.html>[#import:m=…]][&element<i>=<widget>|<state>[|<import tokens>]] to
// override the default embeds (the XSS tests use that); [&lang=zh-Hans|en]
// loads that edition's embed.js (its folder) and gives every element lang="…".
const q = new URLSearchParams(location.search);
const tally = q.get('tally');
const ver = q.get('ver');
const lang = q.get('lang');
const base = `${tally}/v/${ver}/`;
const editionBase = lang && lang !== 'zh-Hant' ? `${base}${lang}/` : base;

const frames = [
  q.get('frame0') ?? 'w=capacity&model=qwen3-32b',
  q.get('frame1') ?? 'w=kv-concurrency&n=64',
  q.get('frame2') ?? 'w=effort-scale&e=100',
];
for (const [i, spec] of frames.entries()) {
  // A frame spec may end in #import:m=<token> (imported models), kept last in the URL.
  const [query, hash] = spec.split('#');
  const f = document.createElement('iframe');
  f.src = `${base}embed.html?${query}&v=${ver}&host=${encodeURIComponent(location.origin)}${hash ? `#${hash}` : ''}`;
  f.title = `Tally ${i}`;
  f.width = '100%';
  f.height = '480';
  f.dataset.tallyEmbed = '';
  f.dataset.testid = `frame-${i}`;
  document.getElementById('frames').append(f);
}

const elements = [q.get('element0') ?? 'capacity|gpu=h100-sxm', q.get('element1') ?? 'kv-levels|ctx=1048576'];
for (const [i, spec] of elements.entries()) {
  const [widget, state, imports] = spec.split('|');
  const el = document.createElement('tally-widget');
  el.setAttribute('widget', widget);
  el.setAttribute('state', state ?? '');
  if (imports) el.setAttribute('import', imports);
  if (lang) el.setAttribute('lang', lang);
  el.dataset.testid = `element-${i}`;
  document.getElementById('elements').append(el);
}

await import(`${editionBase}embed-host.js`);
await import(`${editionBase}embed.js`);
