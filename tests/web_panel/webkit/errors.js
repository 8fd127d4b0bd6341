/* The WebKit tests' error collector (tests/web_panel/webkit/proxy.py puts it first in every
   page's head): what Chromium's console shows as an error, reported to the test's proxy at once
   (a page may navigate away before the test looks) and kept in window.__pageErrors. */
(() => {
  const kept = [];
  Object.defineProperty(window, "__pageErrors", { value: kept });
  const report = (kind, text) => {
    const entry = `${kind}: ${text} (${location.pathname})`;
    kept.push(entry);
    navigator.sendBeacon("/__webkit_test/errors", entry);
  };
  const said = (value) => (value instanceof Error ? `${value.name}: ${value.message}` : String(value));
  addEventListener("error", (event) => {
    if (event instanceof ErrorEvent) {
      report("page error", `${event.message} at ${event.filename}:${event.lineno}:${event.colno}`);
    }
  });
  addEventListener("unhandledrejection", (event) => report("unhandled rejection", said(event.reason)));
  addEventListener("securitypolicyviolation", (event) =>
    report("CSP violation", `${event.violatedDirective} blocked ${event.blockedURI}`));
  const error = console.error;
  console.error = function (...args) {
    report("console error", args.map(said).join(" "));
    return error.apply(this, args);
  };
})();
