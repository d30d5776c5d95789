// The reader's light/dark choice (issue 39, item 12). A classic script, first
// in every Tally page's head (copied to dist/assets/theme-<hash>.js by
// web/scripts/build-site.mjs): it runs before the first paint, so a page
// never flashes the other palette.
//
// - No choice stored: no attribute, and the stylesheets follow the system
//   (color-scheme: light dark, styles/site.css).
// - A stored choice sets <html data-theme> for the page's own styles and
//   <html data-tally-theme> for the embeds on the page (embed/host.ts sends
//   it to iframes, <tally-widget> reads it), so an article's widgets switch
//   with it.
// - The header's switch (data-theme-switch, site/page.ts) flips the palette
//   in effect. The choice is stored only while it differs from the system's,
//   so switching back is the same as never having chosen: the page follows
//   the system again.
(function () {
  var KEY = 'tally.theme.v1';
  var root = document.documentElement;
  var system = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;

  function stored() {
    try {
      var value = localStorage.getItem(KEY);
      return value === 'light' || value === 'dark' ? value : null;
    } catch (_error) {
      return null; // storage blocked: the switch still works for this page
    }
  }
  function systemTheme() {
    return system && system.matches ? 'dark' : 'light';
  }
  function apply(theme) {
    if (theme) {
      root.setAttribute('data-theme', theme);
      root.setAttribute('data-tally-theme', theme);
    } else {
      root.removeAttribute('data-theme');
      root.removeAttribute('data-tally-theme');
    }
  }
  function inEffect() {
    return root.getAttribute('data-theme') || systemTheme();
  }
  function choose(theme) {
    var keep = theme === systemTheme() ? null : theme;
    try {
      if (keep) localStorage.setItem(KEY, keep);
      else localStorage.removeItem(KEY);
    } catch (_error) {
      // Blocked or full: this page still switches.
    }
    apply(keep);
  }

  apply(stored());

  function wire() {
    var buttons = document.querySelectorAll('[data-theme-switch]');
    function show() {
      var dark = inEffect() === 'dark';
      for (var i = 0; i < buttons.length; i++) buttons[i].setAttribute('aria-pressed', dark ? 'true' : 'false');
    }
    for (var i = 0; i < buttons.length; i++) {
      buttons[i].hidden = false;
      buttons[i].addEventListener('click', function () {
        choose(inEffect() === 'dark' ? 'light' : 'dark');
        show();
      });
    }
    if (!buttons.length) return; // embed.html: its host may set the theme, which a stored choice must not undo
    if (system && system.addEventListener) system.addEventListener('change', show);
    // Another tab's choice applies here too.
    window.addEventListener('storage', function (e) {
      if (e.key !== KEY && e.key !== null) return;
      apply(stored());
      show();
    });
    show();
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', wire);
  else wire();
})();
