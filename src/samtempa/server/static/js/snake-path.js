// Snake Synapse, entering a path: letters (the reader's: H/B/G/D in French), arrow keys,
// a d-pad, swipes and taps on the board; the preview reads where each step leads from
// the engine's guide (Game.guide: steps, walls, trap neighbours, shot rays) and never
// works out a rule itself. A draft is kept in this browser only (localStorage), per
// match, turn and snake, until it is sent: nobody else ever sees it before the reveal.
"use strict";
(function () {
  const DIRS = ["U", "D", "L", "R"];
  const matchId = document.getElementById("match").dataset.match;

  function draftKey(turn, player) { return "samtempa:draft:" + matchId + ":" + turn + ":" + player; }

  const Drafts = {
    load(turn, player) {
      try { return JSON.parse(localStorage.getItem(draftKey(turn, player)) || "null"); } catch (e) { return null; }
    },
    save(turn, player, draft) {
      try { localStorage.setItem(draftKey(turn, player), JSON.stringify(draft)); } catch (e) { /* private mode */ }
    },
    drop(turn, player) {
      try { localStorage.removeItem(draftKey(turn, player)); } catch (e) { /* private mode */ }
    },
    // Drafts of turns already resolved in this match are of no use any more.
    prune(turn) {
      try {
        const prefix = "samtempa:draft:" + matchId + ":";
        for (let i = localStorage.length - 1; i >= 0; i--) {
          const k = localStorage.key(i);
          if (k && k.startsWith(prefix) && parseInt(k.slice(prefix.length), 10) < turn) localStorage.removeItem(k);
        }
      } catch (e) { /* private mode */ }
    },
  };

  // Where the path goes, step by step, as the guide says; where it would die against
  // what cannot move (a wall, a corpse, the edge); where the powers land.
  // power: {trap: {frame, dir}} | {dig: {frame}} | {shoot: [{frame, portal, dir}]} | {}.
  function plan(guide, head, path, power, T) {
    const walls = new Set(guide.walls);
    const diggable = new Set(guide.diggable || []);
    const steps = [];
    const marks = [];
    let death = null;
    let warning = null;
    let cell = head;
    let digging = false;
    const at = [head];  // the head's cell after each step (at[k]: after step k)
    for (let i = 0; i < path.length; i++) {
      const d = DIRS.indexOf(path[i]);
      const to = guide.steps[cell] ? guide.steps[cell][d] : null;
      const n = i + 1;
      if (to === null || to === undefined) {
        death = { cell, text: T("dies_edge_mark", { n }) };
        warning = T("warn_edge", { n, cell });
        break;
      }
      const joined = guide.neighbours && guide.neighbours[cell] && guide.neighbours[cell][d] === to;
      if (walls.has(to)) {
        const digs = power.dig && (digging || power.dig.frame === n) && diggable.has(to);
        if (!digs) {
          death = { cell: to, text: T("dies_wall_mark", { n }) };
          warning = T("warn_wall", { n, cell: to });
          break;
        }
        digging = true;
      } else {
        digging = false;
      }
      steps.push({ cell: to, n, joined, text: T("step_mark", { n }) });
      cell = to;
      at.push(to);
    }
    const alive = (k) => k < at.length;  // the snake still lives after its step k
    if (power.trap && alive(power.trap.frame)) {
      const from = at[power.trap.frame];
      const t = guide.neighbours[from] ? guide.neighbours[from][DIRS.indexOf(power.trap.dir)] : null;
      if (t) marks.push({ cell: t, kind: "trap", text: T("trap_mark", { n: power.trap.frame }) });
    }
    if (power.dig && alive(power.dig.frame) && power.dig.frame > 0) {
      marks.push({ cell: at[power.dig.frame], kind: "dig", text: T("dig_mark", { n: power.dig.frame }) });
    }
    for (const shot of power.shoot || []) {
      if (!alive(shot.frame)) continue;
      const from = at[shot.frame];
      const face = guide.rays[from] ? guide.rays[from][DIRS.indexOf(shot.dir)] : null;
      if (face) marks.push({ cell: face, kind: "portal", dir: shot.dir, from, text: T("portal_mark", { slot: shot.portal, n: shot.frame }) });
    }
    return { start: head, steps, death, warning, marks };
  }

  // The direction whose step from ``cell`` lands on ``target`` (a tap on the board).
  function dirTo(guide, cell, target) {
    const row = guide.steps[cell];
    if (!row) return null;
    const d = row.indexOf(target);
    return d >= 0 ? DIRS[d] : null;
  }

  // Swipes on an element: a short flick in one of the four directions.
  function onSwipe(element, handler) {
    let start = null;
    element.addEventListener("pointerdown", (e) => { if (e.pointerType !== "mouse") start = [e.clientX, e.clientY]; });
    element.addEventListener("pointerup", (e) => {
      if (!start) return;
      const dx = e.clientX - start[0], dy = e.clientY - start[1];
      start = null;
      if (Math.max(Math.abs(dx), Math.abs(dy)) < 24) return;
      e.preventDefault();
      handler(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "R" : "L") : (dy > 0 ? "D" : "U"));
    });
    element.addEventListener("pointercancel", () => { start = null; });
  }

  window.SnakePath = { DIRS, Drafts, plan, dirTo, onSwipe };
})();
