/**
 * The one script of a pre-rendered page's HTML (scripts/prerender.ts puts it in, inline): it
 * starts the site's JavaScript once the page has painted, loaded and painted what the load
 * brought (its largest picture, say), and not before. Until then the page asks for no script at
 * all, so a slow phone paints and shows its largest picture as the page's static twin would (Lighthouse's simulation counts every script requested before
 * those paints as holding them back: docs/decisions/020-first-paint-then-scripts.md).
 *
 * #root carries what to fetch: data-entry (the entry module, boot.ts) and data-modules (the
 * page's chunks, preloaded alongside). The text never changes between builds, so the server's
 * Content-Security-Policy allows it by its hash (src/server/plugins/security-headers.ts).
 * Written for any browser that runs modules: no syntax newer than they all understand.
 */
export const startScript = `(function () {
  var root = document.getElementById('root');
  var entry = root && root.getAttribute('data-entry');
  if (!entry) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var modules = (root.getAttribute('data-modules') || '').split(' ');
    for (var i = 0; i < modules.length; i++) {
      if (!modules[i]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = modules[i];
      document.head.appendChild(link);
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  var painted = false;
  var loaded = document.readyState === 'complete';
  // After the frame that follows the load: the pictures the load brought in are on screen.
  function next() {
    if (!painted || !loaded) return;
    requestAnimationFrame(function () {
      requestAnimationFrame(function () { setTimeout(start, 0); });
    });
  }
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf('paint') >= 0) {
    var observer = new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      painted = true;
      next();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    painted = true;
  }
  if (!loaded) {
    window.addEventListener('load', function () {
      loaded = true;
      next();
    });
  }
  next();
  // A page opened in a background tab does not paint: start anyway.
  setTimeout(start, 2000);
})();`
