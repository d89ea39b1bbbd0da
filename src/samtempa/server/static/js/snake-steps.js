// Snake Synapse, the last turn again: after a reveal its frames (the replay's drawing,
// render/snake_live.py) can be shown one by one with that frame's sentences (the
// story, render/story.py), by the bar's buttons or ← → while the bar has the focus
// (elsewhere the arrows enter a path, snake.js); the page brings the board back to
// now when a path is entered or the next turn is revealed.
"use strict";
(function () {
  function create(opts) {
    const nav = document.getElementById("turn-steps");
    const board = document.getElementById("board");
    const T = opts.T;
    let told = null;  // {turn, stops: [{scene, text, lines}], index}; the last stop is now

    const past = () => Boolean(told) && told.index < told.stops.length - 1;

    function render() {
      if (!nav) return;
      nav.hidden = !told || opts.busy();
      board.classList.toggle("past-step", past());
      if (!told) return;
      const last = told.stops.length - 1;
      nav.querySelector('[data-step="-1"]').setAttribute("aria-disabled", told.index === 0 ? "true" : "false");
      nav.querySelector('[data-step="1"]').setAttribute("aria-disabled", told.index === last ? "true" : "false");
      const stop = told.stops[told.index];
      nav.querySelector("#turn-step").textContent = stop.text + (stop.lines.length ? ": " + stop.lines.join(" ") : "");
      nav.dataset.step = String(told.index + 1);
    }

    // The turn's frames with their parts of the story, then the board after the turn.
    function keep(turn, data) {
      const framed = data.story.filter((part) => part.frame !== null);
      const stops = data.frames.map((scene, i) => {
        const part = framed[i] || { frame: i + 1, lines: [], moves: "" };
        const lines = part.lines.length ? part.lines : (part.moves ? [part.moves] : []);
        return { scene, text: T("frame_of", { n: turn, k: part.frame || i + 1, j: data.frames.length }), lines };
      });
      const end = data.story.slice(1).filter((part) => part.frame === null).flatMap((part) => part.lines);
      stops.push({ scene: data.final, text: T("after_turn", { n: turn }), lines: end });
      told = turn > 0 && data.frames.length ? { turn, stops, index: stops.length - 1 } : null;
      render();
    }

    function step(delta) {
      if (!told || opts.busy()) return;
      const i = Math.max(0, Math.min(told.stops.length - 1, told.index + delta));
      if (i === told.index) return;
      told.index = i;
      opts.show(told.stops[i].scene, !past());
      render();
    }

    function back() { if (past()) step(told.stops.length); }
    function clear() { told = null; render(); }

    if (nav) {
      nav.addEventListener("click", (e) => {
        const b = e.target.closest("button[data-step]");
        if (b) step(parseInt(b.dataset.step, 10));
      });
      nav.addEventListener("keydown", (e) => {
        const d = { ArrowLeft: -1, ArrowRight: 1 }[e.key];
        if (!d || e.ctrlKey || e.metaKey || e.altKey) return;
        e.preventDefault();
        e.stopPropagation();  // not a step of the path
        step(d);
      });
    }
    return { keep, back, clear, past };
  }

  window.SnakeSteps = { create };
})();
