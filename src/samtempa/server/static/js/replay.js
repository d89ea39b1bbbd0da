// The replay: a move list, a stepper over every scene (What the Shell: every step of a
// turn, placement, each wave's captures and eggs, the result; Snake Synapse: every frame), autoplay and keyboard shortcuts. The scenes come
// from the server (/api/matches/ID/turns/N/scenes), drawn by the same code as the
// live board; without this script the links still step turn by turn.
"use strict";
(function () {
  const root = document.getElementById("replay");
  if (!root) return;
  const strings = JSON.parse(document.getElementById("replay-strings").textContent);
  const T = (key, values) => {
    let text = strings[key] || key;
    for (const [k, v] of Object.entries(values || {})) text = text.split("%(" + k + ")s").join(String(v));
    return text;
  };
  const match = root.dataset.match;
  const last = parseInt(root.dataset.last, 10);
  const figure = document.getElementById("replay-board");
  const linesEl = document.getElementById("replay-lines");
  const turnNo = document.getElementById("turn-no");
  const playBtn = document.getElementById("replay-play");
  const cache = new Map();   // turn -> Promise of its scenes answer
  let turn = parseInt(root.dataset.turn, 10);
  let scene = -1;            // index in the turn's scenes; -1: its last
  let timer = null;
  let busy = Promise.resolve();

  function load(n) {
    if (!cache.has(n)) {
      cache.set(n, fetch("/api/matches/" + encodeURIComponent(match) + "/turns/" + n + "/scenes", { credentials: "same-origin" })
        .then((r) => { if (!r.ok) throw new Error(String(r.status)); return r.json(); })
        .catch((e) => { cache.delete(n); throw e; }));
    }
    return cache.get(n);
  }

  // A turn's scenes worth stepping through: every frame or step when the turn has them,
  // else its end (the start of the game).
  const counted = (s) => s.frame !== null || (s.step !== null && s.step !== undefined);
  const stops = (answer) => answer.scenes.some(counted) ? answer.scenes.length : 1;

  async function show(n, index, push) {
    let answer;
    try { answer = await load(n); } catch (e) { turnNo.textContent = T("offline"); return; }
    const count = stops(answer);
    const i = index < 0 || index >= count ? count - 1 : index;
    const scenes = answer.scenes;
    const s = count === 1 ? scenes[scenes.length - 1] : scenes[i];
    turn = n; scene = i;
    figure.innerHTML = s.svg;
    // A turn's end (the board after it) tells the whole turn; each step, its own part.
    const whole = count === 1 || (s.step && i === count - 1);
    const said = whole ? scenes.flatMap((x) => x.lines) : s.lines;
    linesEl.replaceChildren(...said.map((t) => { const li = document.createElement("li"); li.textContent = t; return li; }));
    const legend = document.getElementById("replay-legend");
    legend.replaceChildren(...(s.legend || []).map((t) => { const li = document.createElement("li"); li.textContent = t; return li; }));
    legend.hidden = !legend.children.length;
    if (s.frame === null && s.step && count > 1 && i < count - 1) turnNo.textContent = T("step", { n, m: last, k: s.step, j: count });
    else turnNo.textContent = T("after", { n, m: last }) + (s.frame !== null ? " · " + T("frame", { n: s.frame }) : "");
    for (const a of document.querySelectorAll("#move-list a")) {
      if (parseInt(a.dataset.turn, 10) === n) a.setAttribute("aria-current", "step");
      else a.removeAttribute("aria-current");
    }
    stepList(n, scenes, count, i);
    const current = document.querySelector('#move-list a[aria-current="step"]');
    if (current && current.scrollIntoView) current.scrollIntoView({ block: "nearest" });
    root.dataset.turn = String(n);
    root.dataset.scene = String(i);
    root.dataset.scenes = String(count);
    setSteppers();
    if (push) history.replaceState(null, "", "?turn=" + n);
    if (n < last) load(n + 1).catch(() => {});  // the next turn, ready for autoplay
  }

  // Under the turn shown in the move list, its steps (What the Shell) or frames (Snake
  // Synapse), each named by its first sentence, to go straight to one.
  function stepList(n, scenes, count, index) {
    for (const old of document.querySelectorAll("#move-list .move-steps")) old.remove();
    const a = document.querySelector('#move-list a[data-turn="' + n + '"]');
    if (!a || count < 2) return;
    const ol = document.createElement("ol");
    ol.className = "move-steps";
    scenes.slice(0, count).forEach((s, k) => {
      const li = document.createElement("li");
      const link = document.createElement("a");
      link.href = "?turn=" + n;
      link.dataset.turn = String(n);
      link.dataset.scene = String(k);
      link.textContent = k === count - 1 ? T("turn_end") : (s.lines[0] || T("step_n", { k: k + 1 }));
      if (k === index) link.setAttribute("aria-current", "true");
      li.appendChild(link);
      ol.appendChild(li);
    });
    a.parentElement.appendChild(ol);
  }

  const atStart = () => turn === 0;
  const atEnd = () => turn >= last && scene >= parseInt(root.dataset.scenes || "1", 10) - 1;

  function setSteppers() {
    for (const el of document.querySelectorAll(".stepper [data-rel]")) {
      const off = el.dataset.rel === "first" || el.dataset.rel === "prev" ? atStart() && scene <= 0 : atEnd();
      if (off) el.setAttribute("aria-disabled", "true"); else el.removeAttribute("aria-disabled");
      if (el.tagName === "A") el.href = "?turn=" + target(el.dataset.rel)[0];
    }
  }

  function target(rel) {
    const count = parseInt(root.dataset.scenes || "1", 10);
    if (rel === "first") return [0, 0];
    if (rel === "last") return [last, -1];
    if (rel === "next") return scene < count - 1 ? [turn, scene + 1] : [Math.min(last, turn + 1), 0];
    return scene > 0 && count > 1 ? [turn, scene - 1] : [Math.max(0, turn - 1), -1];
  }

  function go(rel) {
    busy = busy.then(() => {
      if ((rel === "next" || rel === "last") && atEnd()) return;
      if ((rel === "prev" || rel === "first") && atStart() && scene <= 0) return;
      const [n, i] = target(rel);
      return show(n, i, true);
    });
    return busy;
  }

  function setPlaying(on) {
    if (timer) { clearTimeout(timer); timer = null; }
    playBtn.setAttribute("aria-pressed", on ? "true" : "false");
    playBtn.querySelector(".visually-hidden").textContent = on ? T("pause") : T("play");
    root.classList.toggle("playing", on);
    if (on) tick();
  }

  function tick() {
    if (atEnd()) { setPlaying(false); return; }
    const delay = parseInt(root.dataset.scenes || "1", 10) > 1 ? 500 : 900;
    timer = setTimeout(() => go("next").then(() => { if (timer !== null) tick(); }), delay);
  }

  const playing = () => playBtn.getAttribute("aria-pressed") === "true";

  document.querySelector(".stepper").addEventListener("click", (e) => {
    const el = e.target.closest("[data-rel]");
    if (!el) return;
    e.preventDefault();
    if (el.getAttribute("aria-disabled") === "true") return;
    setPlaying(false);
    go(el.dataset.rel);
  });
  playBtn.hidden = false;
  playBtn.addEventListener("click", () => {
    if (!playing() && atEnd()) { busy = busy.then(() => show(0, 0, true)); busy.then(() => setPlaying(true)); return; }
    setPlaying(!playing());
  });
  document.getElementById("move-list").addEventListener("click", (e) => {
    const a = e.target.closest("a[data-turn]");
    if (!a) return;
    e.preventDefault();
    setPlaying(false);
    const n = parseInt(a.dataset.turn, 10);
    const k = a.dataset.scene === undefined ? -1 : parseInt(a.dataset.scene, 10);
    busy = busy.then(() => show(n, k, true));
  });
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target.closest && e.target.closest("input, select, textarea, summary, details")) return;
    const keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
    if (e.key in keys) { e.preventDefault(); setPlaying(false); go(keys[e.key]); }
    else if (e.key === " " && !(e.target.closest && e.target.closest("button"))) { e.preventDefault(); playBtn.click(); }
  });

  busy = busy.then(() => show(turn, -1, false));  // a key pressed before it has loaded waits for it
})();
