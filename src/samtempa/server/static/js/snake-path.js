// Snake Synapse, entering a path: letters (the reader's: H/B/G/D in French), arrow keys,
// a d-pad, swipes and taps on the board; the preview reads where each step leads from
// the engine's guide (Game.guide: steps, walls, trap neighbours, shot rays) and never
// works out a rule itself. A draft is a secret of its author: it is kept in this tab
// only (sessionStorage, gone with the tab), per account, match, seat and turn, until it is
// sent or the turn is revealed, and every draft goes at logout (site.js), so the next
// person on a shared device never sees it.
"use strict";
(function () {
  const DIRS = ["U", "D", "L", "R"];
  const PREFIX = "samtempa:draft:";
  const match = document.getElementById("match");
  const matchId = match.dataset.match;
  const account = match.dataset.account || "guest";
  const here = PREFIX + account + ":" + matchId + ":";

  function store() { try { return window.sessionStorage; } catch (e) { return null; } }
  function draftKey(turn, player) { return here + player + ":" + turn; }

  // Earlier versions kept drafts in localStorage, for anyone on the device: none may stay.
  try {
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const k = localStorage.key(i);
      if (k && k.startsWith(PREFIX)) localStorage.removeItem(k);
    }
  } catch (e) { /* storage refused */ }

  const Drafts = {
    load(turn, player) {
      try { return JSON.parse(store().getItem(draftKey(turn, player)) || "null"); } catch (e) { return null; }
    },
    save(turn, player, draft) {
      try { store().setItem(draftKey(turn, player), JSON.stringify(draft)); } catch (e) { /* storage refused */ }
    },
    drop(turn, player) {
      try { store().removeItem(draftKey(turn, player)); } catch (e) { /* storage refused */ }
    },
    // Drafts of turns already resolved in this match (revealed) go.
    prune(turn) {
      try {
        const s = store();
        for (let i = s.length - 1; i >= 0; i--) {
          const k = s.key(i);
          if (k && k.startsWith(here) && parseInt(k.slice(k.lastIndexOf(":") + 1), 10) < turn) s.removeItem(k);
        }
      } catch (e) { /* storage refused */ }
    },
  };

  // Where the path goes, step by step, as the guide says; where it would die against
  // what cannot move (a wall, a corpse, the edge) or a body certain to be still there;
  // where the powers land.
  // power: {trap: {frame, dir}} | {dig: {frame}} | {shoot: [{frame, portal, dir}]} | {}.
  // who: {id, ghost, name(id)}: the snake typing, whether it turns ghost, the snakes' names;
  // the guide's body warnings (games/snake/body_guide.py) hold for a path without a power
  // that lets it through bodies (ghost) or walls (dig), so they are not shown with one.
  function plan(guide, head, path, power, T, who) {
    const me = who || {};
    const bodies = !me.ghost && !power.dig && guide.bodies ? guide.bodies[me.id] || {} : {};
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
      const hit = bodies[path.slice(0, i).join("")];
      const owner = hit ? hit[path[i]] : undefined;
      if (owner) {  // a body comes first, before walls (SS-5.5)
        death = { cell: to, text: T("dies_body_mark", { n }) };
        warning = owner === me.id ? T("warn_self", { n, cell: to })
          : T("warn_body", { n, cell: to, snake: me.name ? me.name(owner) : owner });
        break;
      }
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
