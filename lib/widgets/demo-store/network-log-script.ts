/**
 * The demo store's window on what its page sends: an inline script (nonced, run before the widgets
 * script) wrapping fetch and navigator.sendBeacon to note each call to Lumen's API (method, path,
 * the visitor headers, the body, then the status) in window.__lumenDemoLog and announce it with a
 * `lumen-demo:log` event, which the page's log panel lists. Demo only: a shop's page has no such
 * thing. Plain ES2017 text, as the browser runs it.
 */
export const NETWORK_LOG_SCRIPT = `(function () {
  var log = (window.__lumenDemoLog = []);
  var seq = 0;
  function note(entry) {
    document.dispatchEvent(new CustomEvent("lumen-demo:log", { detail: entry }));
  }
  function api(url) {
    try {
      var u = new URL(url, location.href);
      return u.pathname.indexOf("/api/latest/") === 0 ? u : null;
    } catch (e) {
      return null;
    }
  }
  function add(u, method, via, headers, body) {
    var entry = { id: ++seq, at: Date.now(), via: via, method: method, path: u.pathname, term: u.searchParams.get("term"),
      identity: headers && headers.identity_value ? headers.identity_type + "=" + headers.identity_value : null,
      body: typeof body === "string" ? body : null, status: null };
    log.push(entry);
    if (log.length > 200) log.shift();
    note(entry);
    return entry;
  }
  var realFetch = window.fetch;
  window.fetch = function (input, init) {
    var url = typeof input === "string" ? input : input && input.url ? input.url : String(input);
    var u = api(url);
    if (!u) return realFetch.apply(this, arguments);
    var entry = add(u, (init && init.method) || "GET", "fetch", init && init.headers, init && init.body);
    return realFetch.apply(this, arguments).then(
      function (response) { entry.status = response.status; note(entry); return response; },
      function (error) { entry.status = error && error.name === "AbortError" ? "cancelled" : "failed"; note(entry); throw error; }
    );
  };
  if (navigator.sendBeacon) {
    var beacon = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = function (url, data) {
      var u = api(String(url));
      var queued = beacon(url, data);
      if (u) { var entry = add(u, "POST", "beacon", null, data); entry.status = queued ? "queued" : "refused"; note(entry); }
      return queued;
    };
  }
})();`;
