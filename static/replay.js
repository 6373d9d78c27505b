// The replay page's keys and range control (views/replay.templ). Every step
// is a plain link or a GET form that works without this script; here the
// arrow keys take the step links (Home and End the first and last), and the
// range control shows its number while dragged and goes there when let go.
// htmx (hx-boost on the page) then swaps the replay alone.
(function () {
  "use strict";

  function typing(el) {
    if (!el || !el.matches) return false;
    if (el.matches("input")) return !/^(radio|checkbox|button|submit|range)$/.test(el.type);
    return el.matches("textarea, select, [contenteditable]");
  }

  var keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
  document.addEventListener("keydown", function (ev) {
    if (ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
    var step = keys[ev.key];
    if (!step || typing(ev.target) || !document.getElementById("replay")) return;
    // The range control keeps its own arrows: it moves, then goes on change.
    if (ev.target.matches && ev.target.matches("input[type=range]")) return;
    var a = document.querySelector('#replay [data-replay-step="' + step + '"]');
    if (!a) return;
    ev.preventDefault();
    a.click();
  });

  document.addEventListener("input", function (ev) {
    var r = ev.target;
    if (!r.matches || !r.matches("#replay input[type=range]")) return;
    var out = document.querySelector("#replay [data-replay-out]");
    if (out) out.textContent = r.value;
  });

  document.addEventListener("change", function (ev) {
    var r = ev.target;
    if (!r.matches || !r.matches("#replay input[type=range]")) return;
    var form = r.closest("form");
    if (form && form.requestSubmit) form.requestSubmit();
  });

  // After a swap the focus stays where the reader was: on the same step
  // link or the range control, found again in the new replay.
  var last = null;
  document.addEventListener("htmx:beforeRequest", function () {
    var el = document.activeElement;
    last = null;
    if (el && el.closest && el.closest("#replay")) {
      last = el.getAttribute("data-replay-step") ? '[data-replay-step="' + el.getAttribute("data-replay-step") + '"]' : el.id ? "#" + el.id : null;
    }
  });
  document.addEventListener("htmx:afterSettle", function () {
    if (!last) return;
    var el = document.querySelector("#replay " + last);
    if (el) el.focus();
    last = null;
  });
})();
