// Grimoire's court script: a game played with eyes elsewhere (issue 31).
// A remote in the pocket (a page turner sends PageDown/PageUp, some send
// ArrowRight/ArrowLeft), a keyboard, or a headset's media buttons press
// MAKE and MISS; at a choice the same two buttons step through what is
// offered, each choice spoken, and a confirm press takes it; a held button
// or Backspace takes the last tap back. The calls after each tap are the
// Go-made sentences the screen carries (views.Said, on #announce-src; the
// announcement strip's "grimoire:said" from static/screen.js): this file
// only speaks them. Court mode shows MAKE and MISS as the screen's halves.
// Settings live in localStorage ("grimoire.court") and /settings changes
// them. Nothing here is needed for a rule to apply: a tap is a click on the
// screen's own button, which takes the page's usual path (offline.js).
(function () {
  "use strict";

  var root = document.documentElement;
  // The page's words (app.js's say, from the catalogs).
  var say = window.grimoireSay || function (key) { return key; };
  // Read while this script runs: it names the silent sound (a hashed asset).
  var scriptEl = document.currentScript;
  var KEY = "grimoire.court";
  var DEFAULTS = {
    keyMake: "PageDown", keyMiss: "PageUp",
    bounce: 350, // ms: a second press sooner than this after one taken is a bounce
    hold: 700, // ms: a press held this long is a long press
    calls: "short", // off | big | short | full
    media: true, // headset buttons (Media Session)
    courtMode: false,
    botPause: 400 // ms a bot's move waits on screen before the phone draws it (static/offline.js)
  };
  function settings() {
    var s = {};
    Object.keys(DEFAULTS).forEach(function (k) { s[k] = DEFAULTS[k]; });
    try {
      var saved = JSON.parse(localStorage.getItem(KEY) || "{}");
      Object.keys(DEFAULTS).forEach(function (k) {
        if (typeof saved[k] === typeof DEFAULTS[k]) s[k] = saved[k];
      });
    } catch (e) { /* private mode or a damaged value: the defaults */ }
    return s;
  }
  function save(name, value) {
    var s = settings();
    s[name] = value;
    try { localStorage.setItem(KEY, JSON.stringify(s)); } catch (e) { /* not kept */ }
  }

  // ---- What the screen offers now.
  function board() { return document.getElementById("board"); }
  function shown(el) { return !el.disabled && el.getClientRects().length > 0; }
  // now is the prompt the remote acts on: a shot (MAKE and MISS buttons,
  // data-key) or a choice (data-choice), or nothing (not a game this phone
  // plays, or the game is over).
  function now() {
    var b = board();
    if (!b) return null;
    var make = b.querySelector('[data-key="make"]'), miss = b.querySelector('[data-key="miss"]');
    if (make && miss && shown(make) && shown(miss)) return { kind: "shot", make: make, miss: miss };
    var list = Array.prototype.filter.call(b.querySelectorAll("[data-choice]"), shown);
    // Radio groups (the Librarian's Bench) are chosen one group at a time:
    // the first group nothing is chosen in yet.
    var radios = list.filter(function (el) { return el.type === "radio"; });
    if (radios.length) {
      var open = radios.filter(function (r) { return !r.form || !r.form.querySelector('input[name="' + r.name + '"]:checked'); });
      var first = open.length ? open[0].name : null;
      if (first) list = radios.filter(function (r) { return r.name === first; });
    }
    // The page's choices (the spell cards, the places) before the bar's
    // (ending the half): the likelier ones first.
    var inBar = function (el) { return el.closest("[data-thumbbar]") ? 1 : 0; };
    list.sort(function (x, y) { return inBar(x) - inBar(y); });
    return list.length ? { kind: "choice", list: list } : null;
  }

  // ---- Speaking. A voice stored on the phone (localService) works
  // offline; without one the browser's default voice is used.
  var synth = window.speechSynthesis;
  function voice() {
    if (!synth || !synth.getVoices) return null;
    var vs = synth.getVoices() || [];
    var lang = (document.documentElement.lang || "en").slice(0, 2);
    var local = vs.filter(function (v) { return v.localService; });
    return local.filter(function (v) { return (v.lang || "").slice(0, 2) === lang; })[0] || local[0] || null;
  }
  var lastCall = "";
  function speak(text, interrupt) {
    text = (text || "").replace(/\s+/g, " ").trim();
    if (!text || !synth || typeof SpeechSynthesisUtterance === "undefined" || settings().calls === "off") return;
    var u = new SpeechSynthesisUtterance(text);
    var v = voice();
    if (v) { u.voice = v; u.lang = v.lang; } else { u.lang = document.documentElement.lang || "en"; }
    try {
      if (interrupt && synth.cancel) synth.cancel();
      synth.speak(u);
    } catch (e) { /* no speech now */ }
  }
  // The words after a tap: the short or full call, then the big moment
  // (the strip's words), which every setting but "off" says.
  document.addEventListener("grimoire:said", function (ev) {
    var d = ev.detail || {};
    var mode = settings().calls;
    var words;
    if (d.back) words = d.text;
    else if (mode === "full") words = [d.full, d.text].join(" ");
    else if (mode === "short") words = [d.short, d.text].join(" ");
    else words = d.text;
    words = (words || "").trim();
    if (!words) return;
    lastCall = words;
    speak(words, true);
  });
  function sayAgain() {
    var p = document.querySelector('#board [data-testid="prompt"]');
    var prompt = p ? p.textContent : "";
    speak([lastCall, prompt].join(" "), true);
  }

  // iPhones speak only after a tap on the page: the first one switches the
  // voice on (an empty utterance), and starts the silent sound a headset's
  // buttons need (Android sends them only to a page that plays sound).
  var unlocked = false;
  function unlock() {
    if (unlocked) return;
    unlocked = true;
    if (synth && typeof SpeechSynthesisUtterance !== "undefined" && settings().calls !== "off") {
      try { var u = new SpeechSynthesisUtterance(""); u.volume = 0; synth.speak(u); } catch (e) { /* later */ }
    }
    startMedia();
  }
  document.addEventListener("pointerdown", unlock, true);
  document.addEventListener("keydown", unlock, true);

  // ---- The remote's presses.
  var chosen = null; // the choice stepped to, nothing until a press
  function choose(el) {
    if (chosen && chosen.classList) chosen.classList.remove("is-chosen");
    chosen = el;
    if (!el) return;
    el.classList.add("is-chosen");
    el.focus({ preventScroll: true });
    if (el.scrollIntoView) el.scrollIntoView({ block: "nearest" });
    speak(labelOf(el), true);
  }
  function labelOf(el) {
    var l = el.type === "radio" ? el.closest("label") : null;
    return ((l || el).getAttribute("aria-label") || (l || el).textContent || "").replace(/\s+/g, " ").trim();
  }
  function step(dir) {
    var m = now();
    if (!m || m.kind !== "choice") return;
    var i = chosen ? m.list.indexOf(chosen) : -1;
    if (i < 0) i = dir > 0 ? 0 : m.list.length - 1;
    else i = (i + dir + m.list.length) % m.list.length;
    choose(m.list[i]);
  }
  var armed = null, armedAt = 0;
  function confirmChoice() {
    var m = now();
    if (!m || m.kind !== "choice") { if (m && m.kind === "shot") sayAgain(); return; }
    if (!chosen || m.list.indexOf(chosen) < 0) { sayAgain(); return; }
    var el = chosen;
    if (el.type === "radio") {
      el.checked = true;
      el.dispatchEvent(new Event("change", { bubbles: true }));
      choose(null);
      var next = now();
      if (next && next.kind === "choice" && next.list[0] && next.list[0].type === "radio" && next.list[0].name !== el.name) {
        var legend = next.list[0].closest("fieldset");
        legend = legend && legend.querySelector("legend");
        speak(legend ? legend.textContent : "", true);
        return;
      }
      var submit = el.form && document.querySelector('[form="' + el.form.id + '"][type="submit"]');
      if (submit) { submit.disabled = false; submit.click(); } else if (el.form) el.form.requestSubmit();
      return;
    }
    // A choice the screen asks to be sure of (ending the half, abandoning
    // a cast) says its question and takes a second confirm.
    var form = el.closest("form");
    var ask = form && form.getAttribute("data-confirm");
    if (ask && !(armed === el && Date.now() - armedAt < 8000)) {
      armed = el;
      armedAt = Date.now();
      speak(ask, true);
      return;
    }
    armed = null;
    if (ask) form.setAttribute("data-confirmed", "");
    choose(null);
    el.click();
  }
  function undo() {
    var u = document.querySelector('#board [data-testid="undo"]');
    if (u && shown(u)) u.click();
  }
  // press is one taken press of a role: make, miss, confirm or undo.
  function press(role) {
    var m = now();
    if (!m) return;
    if (role === "undo") return undo();
    if (role === "confirm") return confirmChoice();
    if (m.kind === "shot") {
      choose(null);
      (role === "make" ? m.make : m.miss).click();
      return;
    }
    step(role === "make" ? 1 : -1);
  }
  // hold is a long press: at a shot either button takes the last tap back;
  // at a choice the MAKE button confirms and the MISS button takes back.
  function hold(role) {
    var m = now();
    if (!m) return;
    if (m.kind === "choice" && role === "make") return confirmChoice();
    undo();
  }

  var lastTaken = -Infinity;
  function bounced() {
    var t = performance.now();
    if (t - lastTaken < settings().bounce) return true;
    lastTaken = t;
    return false;
  }

  function roleOf(key) {
    var s = settings();
    if (key === s.keyMake) return "make";
    if (key === s.keyMiss) return "miss";
    if (key === "ArrowRight" && s.keyMiss !== "ArrowRight") return "make";
    if (key === "ArrowLeft" && s.keyMake !== "ArrowLeft") return "miss";
    return "";
  }
  function typing(el) {
    if (!el || !el.matches) return false;
    if (el.matches("input")) return !/^(radio|checkbox|button|submit)$/.test(el.type);
    return el.matches("textarea, select, [contenteditable]");
  }

  var down = {}; // key -> the press under way
  var capture = null; // /settings: the next key pressed becomes this role's
  window.addEventListener("keydown", function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (capture) {
      if (ev.key === "Escape" || ev.key === "Tab") { capture.done(null); return; }
      ev.preventDefault();
      capture.done(ev.key);
      return;
    }
    if (typing(ev.target) || !now()) return;
    if (ev.key === "Backspace") {
      ev.preventDefault();
      if (!ev.repeat && !bounced()) press("undo");
      return;
    }
    if (ev.key === "Enter" && chosen) {
      ev.preventDefault();
      swallow = true;
      if (!ev.repeat && !bounced()) press("confirm");
      return;
    }
    var role = roleOf(ev.key);
    if (!role) return;
    ev.preventDefault();
    if (ev.repeat || down[ev.key]) return; // a held key repeats: one press
    var p = { role: role, bounced: bounced(), held: false };
    down[ev.key] = p;
    if (!p.bounced) {
      p.timer = setTimeout(function () { p.held = true; hold(role); }, settings().hold);
    }
  }, true);
  // The Enter taken as a confirm must not also press the control the new
  // screen focuses (a keypress may come on its own, after the keydown).
  var swallow = false;
  window.addEventListener("keypress", function (ev) {
    if (swallow && ev.key === "Enter") ev.preventDefault();
  }, true);
  window.addEventListener("keyup", function (ev) {
    if (ev.key === "Enter" && swallow) { swallow = false; ev.preventDefault(); }
    var p = down[ev.key];
    if (!p) return;
    delete down[ev.key];
    ev.preventDefault();
    clearTimeout(p.timer);
    if (!p.bounced && !p.held) press(p.role);
  }, true);
  // A key let go while the page was hidden never sends its keyup.
  window.addEventListener("blur", function () {
    Object.keys(down).forEach(function (k) { clearTimeout(down[k].timer); });
    down = {};
  });
  // A swap replaced what was chosen: nothing is chosen on the new screen.
  function fresh() { if (chosen && (!chosen.isConnected || !chosen.classList.contains("is-chosen"))) chosen = null; }
  document.addEventListener("htmx:afterSettle", fresh);
  document.addEventListener("grimoire:swapped", fresh);
  document.addEventListener("grimoire:said", fresh);

  // ---- Headset buttons: next = MAKE, previous = MISS, play/pause =
  // confirm at a choice (say it again at a shot).
  var audio = null;
  function media() {
    var ms = navigator.mediaSession;
    if (!ms || !settings().media || !board()) return;
    var on = function (action, role) {
      try {
        ms.setActionHandler(action, function () {
          if (!bounced()) press(role);
          // A pause from the headset stops the sound that keeps the
          // buttons coming: play on.
          if (audio && audio.paused) audio.play().catch(function () {});
        });
      } catch (e) { /* this browser does not know the action */ }
    };
    on("nexttrack", "make");
    on("previoustrack", "miss");
    on("play", "confirm");
    on("pause", "confirm");
    try {
      if (window.MediaMetadata) ms.metadata = new MediaMetadata({ title: document.title, artist: "Grimoire" });
    } catch (e) { /* no metadata */ }
  }
  function startMedia() {
    var src = scriptEl && scriptEl.getAttribute("data-silence");
    if (audio || !src || !settings().media || !board() || !navigator.mediaSession || !now()) return;
    audio = document.createElement("audio");
    audio.src = src;
    audio.loop = true;
    audio.setAttribute("data-testid", "silence");
    document.body.appendChild(audio);
    audio.play().then(function () {
      try { navigator.mediaSession.playbackState = "playing"; } catch (e) { /* old browser */ }
    }, function () { /* not allowed yet: the next tap tries again */ audio.remove(); audio = null; unlocked = false; });
  }

  // ---- Court mode and the bar's two buttons.
  function courtMode(on) {
    root.classList.toggle("court-mode", on);
    document.querySelectorAll("[data-court-toggle]").forEach(function (b) { b.setAttribute("aria-pressed", on ? "true" : "false"); });
  }
  document.addEventListener("click", function (ev) {
    var t = ev.target.closest && ev.target.closest("[data-court-toggle], [data-say-again]");
    if (!t) return;
    if (t.hasAttribute("data-say-again")) { sayAgain(); return; }
    var on = !root.classList.contains("court-mode");
    save("courtMode", on);
    courtMode(on);
    document.dispatchEvent(new CustomEvent("grimoire:swapped"));
  });
  function barButtons() { courtMode(settings().courtMode); }
  document.addEventListener("htmx:afterSettle", barButtons);
  document.addEventListener("grimoire:swapped", function (ev) { if (ev.detail !== "court") barButtons(); });

  // ---- The Librarian's Bench: Confirm waits for a choice in every group
  // (nothing is ever chosen for the player).
  function needsChoice() {
    document.querySelectorAll("[data-needs-choice]").forEach(function (btn) {
      var form = btn.form;
      if (!form) return;
      var names = {};
      form.querySelectorAll("input[type=radio][required]").forEach(function (r) { names[r.name] = true; });
      btn.disabled = Object.keys(names).some(function (n) { return !form.querySelector('input[name="' + n + '"]:checked'); });
    });
  }
  document.addEventListener("change", needsChoice);
  if (window.MutationObserver) {
    new MutationObserver(function () { needsChoice(); fresh(); }).observe(document.documentElement, { childList: true, subtree: true });
  }

  // ---- /settings: the calls, the buttons ("press the button you want"),
  // the bounce window, and what this phone can do.
  function bindSettings() {
    var form = document.querySelector("[data-court-settings]");
    if (!form) return;
    var s = settings();
    form.querySelectorAll("[data-court-setting]").forEach(function (el) {
      var name = el.getAttribute("data-court-setting");
      el.disabled = false;
      if (el.type === "radio") el.checked = String(s[name]) === el.value;
      else if (el.type === "checkbox") el.checked = !!s[name];
      else el.value = s[name];
      el.addEventListener("change", function () {
        if (el.type === "radio") { if (el.checked) save(name, el.value); }
        else if (el.type === "checkbox") save(name, el.checked);
        else {
          var n = parseInt(el.value, 10);
          if (n >= 0 && n <= 5000) save(name, n);
        }
        if (name === "courtMode") courtMode(el.checked);
      });
    });
    function showKeys() {
      var t = settings();
      form.querySelectorAll("[data-key-shown]").forEach(function (el) {
        el.textContent = t[el.getAttribute("data-key-shown")];
      });
    }
    showKeys();
    form.querySelectorAll("[data-key-learn]").forEach(function (btn) {
      btn.disabled = false;
      btn.addEventListener("click", function () {
        var name = btn.getAttribute("data-key-learn");
        var was = btn.textContent;
        btn.textContent = btn.getAttribute("data-waiting");
        btn.setAttribute("aria-pressed", "true");
        capture = {
          done: function (key) {
            capture = null;
            btn.textContent = was;
            btn.setAttribute("aria-pressed", "false");
            if (key) save(name, key);
            showKeys();
          }
        };
      });
    });
    var reset = form.querySelector("[data-key-reset]");
    if (reset) {
      reset.disabled = false;
      reset.addEventListener("click", function () {
        save("keyMake", DEFAULTS.keyMake);
        save("keyMiss", DEFAULTS.keyMiss);
        showKeys();
      });
    }
    var test = form.querySelector("[data-say-test]");
    if (test) {
      test.disabled = false;
      test.addEventListener("click", function () { speak(test.getAttribute("data-say-test"), true); });
    }
    function can() {
      var v = voice();
      var lines = {
        speech: !synth ? say("script.noSpeech")
          : v ? say("script.voiceStored", 0, v.name)
            : say("script.noVoice"),
        media: navigator.mediaSession ? say("script.headset")
          : say("script.noHeadset")
      };
      Object.keys(lines).forEach(function (k) {
        var el = form.querySelector('[data-court-support="' + k + '"]');
        if (el) el.textContent = lines[k];
      });
    }
    can();
    if (synth && synth.addEventListener) synth.addEventListener("voiceschanged", can);
  }

  function start() {
    root.classList.add("has-court");
    barButtons();
    needsChoice();
    media();
    bindSettings();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();

  window.grimoireCourt = { settings: settings, defaults: DEFAULTS, press: press };
})();
