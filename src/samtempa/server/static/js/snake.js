// Snake Synapse, live: the board from the canonical state, a path entered with arrow
// buttons or letters (U/D/L/R; H/B/G/D in French) and drawn before sending, a power with
// its frame and direction, and the revealed turn played frame by frame.
"use strict";
(function () {
  const L = window.Live;
  const T = L.T;
  const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const board = document.getElementById("board");
  const picker = document.getElementById("picker");
  const stepsEl = document.getElementById("steps");
  const panel = document.getElementById("panel");
  const french = document.documentElement.lang === "fr";
  // French: Haut, Bas, Gauche, Droite (so D is right there); elsewhere U, D, L, R.
  const KEYS = french ? { H: "U", B: "D", G: "L", D: "R", U: "U", L: "L", R: "R" }
                      : { U: "U", D: "D", L: "L", R: "R" };
  const ARROWS = { U: "↑", D: "↓", L: "←", R: "→" };
  const DIR_NAMES = { U: "up", D: "down", L: "left", R: "right" };

  let snap = L.snapshot;
  let view = snap.view;
  let submitted = new Set(snap.submitted);
  let myOrders = Object.assign({}, snap.your_orders);
  let path = [];
  let animating = false;

  const snakeOf = (id) => view.snakes.find((s) => s.id === id);

  function parseCell(name) {
    const floor = name.endsWith("'") ? 1 : 0;
    const core = floor ? name.slice(0, -1) : name;
    return { col: LETTERS.indexOf(core[0]), row: parseInt(core.slice(1), 10) - 1, floor };
  }
  const nameOf = (c) => LETTERS[c.col] + (c.row + 1) + (c.floor ? "'" : "");

  function neighbour(cell, dir) {
    const grid = view.grid[cell.floor];
    const h = grid.length, w = grid[0].length;
    let { col, row } = cell;
    if (dir === "U") row -= 1; else if (dir === "D") row += 1; else if (dir === "L") col -= 1; else col += 1;
    if (col < 0 || col >= w) {
      if (!view.wrap.rows.includes(row + 1)) return null;
      col = (col + w) % w;
    }
    if (row < 0 || row >= h) {
      if (!view.wrap.columns.includes(LETTERS[col])) return null;
      row = (row + h) % h;
    }
    let floor = cell.floor;
    if (grid[row][col] === "H" && view.grid.length > 1) floor = 1 - floor;  // SS-1.5 ladders
    return { col, row, floor };
  }

  function previewCells(id) {
    const snake = snakeOf(id);
    if (!snake || !snake.alive || !snake.body.length) return [];
    let cell = parseCell(snake.body[0]);
    const cells = [];
    for (const d of path) {
      cell = neighbour(cell, d);
      if (!cell) break;
      cells.push(nameOf(cell));
    }
    return cells;
  }

  function draw(state, highlight) {
    board.innerHTML = "";
    const segs = {};
    for (const s of state.snakes) {
      s.body.forEach((c, i) => {
        if (!(c in segs) || i === 0) segs[c] = { snake: s, head: i === 0 };
      });
    }
    const traps = new Set(state.traps);
    const pending = new Set((state.pending_deletions || []).map((p) => p.cell));
    const portals = {};
    for (const p of state.portals || []) portals[p.cell] = p;
    const pathCells = highlight || [];
    state.grid.forEach((rows, floor) => {
      const g = document.createElement("div");
      g.className = "floor";
      g.style.display = "inline-grid";
      g.style.gridTemplateColumns = "1.4rem repeat(" + rows[0].length + ", 2.2rem)";
      g.style.gap = "1px";
      // Coordinates (SS-1.1: columns from A on the left, rows from 1 at the top; SS-1.2:
      // basement rows primed), hidden from screen readers: every square has its name.
      const coord = (text) => {
        const d = document.createElement("div");
        d.className = "coord";
        d.setAttribute("aria-hidden", "true");
        d.textContent = text;
        g.appendChild(d);
      };
      coord("");
      for (let c = 0; c < rows[0].length; c++) coord(nameOf({ col: c, row: 0, floor: 0 }).replace(/[0-9']/g, ""));
      rows.forEach((line, r) => {
        coord(String(r + 1) + (floor ? "'" : ""));
        for (let c = 0; c < line.length; c++) {
          const name = nameOf({ col: c, row: r, floor });
          const sq = document.createElement("div");
          const ch = line[c];
          sq.className = "sq" + (ch === "#" ? " wall" : ch === "X" ? " hard" : ch === "T" || traps.has(name) ? " trap" : ch === "H" ? " ladder" : "");
          if (pending.has(name)) sq.classList.add("pending");
          sq.dataset.cell = name;
          sq.title = name;
          const seg = segs[name];
          if (seg) {
            const span = document.createElement("span");
            span.className = "seg" + (seg.head ? " head" : "") + (seg.snake.alive ? "" : " corpse");
            span.style.background = seg.snake.colour;
            span.title = seg.snake.id;
            sq.appendChild(span);
          }
          if (portals[name]) sq.append("◎");
          const k = pathCells.indexOf(name);
          if (k >= 0) { sq.classList.add("path"); sq.append(String(k + 1)); }
          g.appendChild(sq);
        }
      });
      board.appendChild(g);
    });
    renderPanel(state);
  }

  function renderPanel(state) {
    panel.innerHTML = "";
    const table = document.createElement("table");
    table.className = "snakes";
    table.innerHTML = "<thead><tr><th></th><th>" + T("race") + "</th><th>" + T("length") + "</th><th>" + T("charges") + "</th><th></th></tr></thead>";
    const body = document.createElement("tbody");
    for (const s of state.snakes) {
      const tr = document.createElement("tr");
      tr.dataset.snake = s.id;
      const status = s.alive ? (s.ghost_turns_left > 0 ? "👻" : "") : T("dead") + (s.death ? " (" + s.death.cause + (s.death.by ? ", " + s.death.by : "") + ")" : "");
      tr.innerHTML = "<td><span class='swatch " + s.colour + "'></span> " + T(s.id) + "</td><td>" + T(s.race) + "</td><td class='len'>" + s.length +
        "</td><td class='charges'>" + s.charges + "</td><td>" + status + "</td>";
      body.appendChild(tr);
    }
    table.appendChild(body);
    panel.appendChild(table);
    const info = document.createElement("p");
    info.textContent = T("turn", { n: state.turn }) + " · " + T("path") + ": " + state.path_length;
    panel.appendChild(info);
  }

  function currentPlayer() {
    if (snap.status !== "playing") return null;
    return snap.yours.find((p) => snap.waiting.includes(p) && !submitted.has(p)) || null;
  }

  function option(value, label) { return "<option value='" + value + "'>" + label + "</option>"; }
  function frameSelect(name) {
    let html = "<label>" + T("frame_label") + " <select name='" + name + "'>";
    for (let i = 1; i <= view.path_length; i++) html += option(i, i);
    return html + "</select></label>";
  }
  function dirSelect(name) {
    return "<label>" + T("direction") + " <select name='" + name + "'>" +
      ["U", "D", "L", "R"].map((d) => option(d, ARROWS[d] + " " + T(DIR_NAMES[d]))).join("") + "</select></label>";
  }

  function renderPicker() {
    const p = currentPlayer();
    picker.innerHTML = "";
    if (!p) return;
    const s = snakeOf(p);
    let power = "";
    if (s.charges > 0) {
      const race = s.race;
      if (race === "breaker") power = "<label><input type='checkbox' name='breaker'> " + T("breaker_use") + "</label>";
      else if (race === "dasher") power = "<label>" + T("dash") + " <select name='dash'>" + option("", T("none")) + option(1, 1) + (s.charges >= 2 ? option(2, 2) : "") + "</select></label>";
      else if (race === "trapper") power = "<label><input type='checkbox' name='use'> " + T("trap") + "</label> " + frameSelect("frame") + " " + dirSelect("dir");
      else if (race === "digger") power = "<label><input type='checkbox' name='use'> " + T("dig") + "</label> " + frameSelect("frame");
      else if (race === "ghost") power = "<label><input type='checkbox' name='ghost'> " + T("ghost_use") + "</label>";
      else if (race === "shooter") {
        for (let i = 0; i < Math.min(3, s.charges); i++) {
          power += "<div class='shot'><label><input type='checkbox' name='shot" + i + "'> " + T("shot") + " " + (i + 1) + "</label> " +
            frameSelect("sframe" + i) + " <label>" + T("portal") + " <select name='portal" + i + "'>" + option(1, 1) + option(2, 2) + "</select></label> " + dirSelect("sdir" + i) + "</div>";
        }
      }
    }
    picker.innerHTML =
      "<form id='orders' class='controls'><p><span class='swatch " + s.colour + "'></span> <strong>" + T(s.id) + "</strong> (" + T(s.race) + ")</p>" +
      "<div class='arrows'>" + ["U", "D", "L", "R"].map((d) => "<button type='button' data-dir='" + d + "' aria-label='" + T(DIR_NAMES[d]) + "'>" + ARROWS[d] + "</button>").join(" ") +
      " <button type='button' data-act='undo'>" + T("undo") + "</button> <button type='button' data-act='clear'>" + T("clear") + "</button></div>" +
      "<p>" + T("path") + ": <output id='path-text'></output></p><p class='muted'>" + T("keys_hint") + "</p>" +
      (power ? "<fieldset><legend>" + T("power") + "</legend>" + power + "</fieldset>" : "") +
      "<button type='submit'>" + T("send") + "</button></form>";
    const form = document.getElementById("orders");
    form.addEventListener("click", (e) => {
      const b = e.target.closest("button[type=button]");
      if (!b) return;
      if (b.dataset.dir) addStep(b.dataset.dir);
      else if (b.dataset.act === "undo") { path.pop(); refresh(); }
      else if (b.dataset.act === "clear") { path = []; refresh(); }
    });
    form.addEventListener("submit", (e) => { e.preventDefault(); send(p, form); });
    refresh();
  }

  function refresh() {
    if (!view) return;
    const p = currentPlayer();
    const out = document.getElementById("path-text");
    if (out) out.textContent = path.join("") + " (" + path.length + "/" + view.path_length + ")";
    if (!animating) draw(view, p ? previewCells(p) : []);
  }

  function addStep(d) {
    if (!currentPlayer() || path.length >= view.path_length) return;
    path.push(d);
    refresh();
  }

  function send(player, form) {
    const f = new FormData(form);
    let orders = { path: path.join("") };
    if (f.get("breaker")) orders = { breaker: true };
    if (f.get("dash")) orders.dash = parseInt(f.get("dash"), 10);
    if (f.get("ghost")) orders.ghost = true;
    const race = snakeOf(player).race;
    if (f.get("use") && race === "trapper") orders.trap = { frame: parseInt(f.get("frame"), 10), dir: f.get("dir") };
    if (f.get("use") && race === "digger") orders.dig = { frame: parseInt(f.get("frame"), 10) };
    const shots = [];
    for (let i = 0; i < 3; i++) {
      if (f.get("shot" + i)) shots.push({ frame: parseInt(f.get("sframe" + i), 10), portal: parseInt(f.get("portal" + i), 10), dir: f.get("sdir" + i) });
    }
    if (shots.length) orders.shoot = shots;
    L.send({ type: "orders", player, orders, turn: view.turn + 1 });
  }

  document.addEventListener("keydown", (e) => {
    if (e.target.closest && e.target.closest("select, input, textarea")) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const k = e.key.toUpperCase();
    if (k in KEYS && currentPlayer()) { e.preventDefault(); addStep(KEYS[k]); }
    else if (e.key === "Backspace" && currentPlayer()) { e.preventDefault(); path.pop(); refresh(); }
  });

  function updateStatus() {
    L.markSubmitted([...submitted]);
    if (snap.status === "open") { L.setStatus(T("waiting_players")); return; }
    if (snap.status === "finished") {
      const r = (view && view.result) || snap.result || {};
      L.setStatus(r.winner ? T("wins", { player: r.winner }) : T("draw"));
      document.getElementById("finished").hidden = false;
      return;
    }
    if (!snap.yours.length) { L.setStatus(T("watching")); return; }
    const p = currentPlayer();
    L.setStatus(p ? T("your_turn_snake", { player: T(p) }) : T("waiting_opponent"));
  }

  function addLine(text, cls) {
    const li = document.createElement("li");
    li.textContent = text;
    if (cls) li.className = cls;
    stepsEl.appendChild(li);
  }

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  async function reveal(m) {
    animating = true;
    stepsEl.innerHTML = "";
    for (const [id, o] of Object.entries(m.orders)) addLine(id + ": " + JSON.stringify(o));
    for (const p of m.missed || []) addLine(T("missed_snake", { player: p }), "missed");
    const frames = (m.report && m.report.frames) || [];
    for (let i = 0; i < m.frames.length; i++) {
      const fr = frames[i] || {};
      const label = document.createElement("li");
      label.className = "frame";
      label.textContent = T("frame", { n: fr.frame || i + 1 });
      stepsEl.appendChild(label);
      if (fr.change) addLine(T("terrain_change", { n: fr.change }), "change");
      for (const d of fr.deaths || []) addLine(T("dies", { snake: d.snake, cause: d.cause }) + (d.by ? " (" + d.by + ")" : ""), "death");
      for (const [s, g] of Object.entries(fr.growth || {})) addLine(s + " +" + g);
      for (const t of fr.traps || []) if (t.cell) addLine(t.snake + " → T " + t.cell);
      for (const s of fr.shots || []) if (s.cell) addLine(s.snake + " ◎" + s.portal + " " + s.cell);
      draw(m.frames[i], []);
      await sleep(450);
    }
    view = m.view;
    draw(view, []);
    if (view.result) addLine(view.result.winner ? T("wins", { player: view.result.winner }) : T("draw"), "result");
    animating = false;
  }

  async function handle(m) {
    if (m.type === "snapshot") {
      if (snap.status !== m.status && (snap.status === "open" || m.status === "open")) { location.reload(); return; }
      // A snapshot (the first one after the page loads, or after a reconnect) keeps a path
      // being entered when it is still the same player's turn: clicks before it must not vanish.
      const before = view ? [view.turn, currentPlayer()] : null;
      snap = m; view = m.view; submitted = new Set(m.submitted); myOrders = Object.assign({}, m.your_orders);
      const p = currentPlayer();
      const same = before !== null && p !== null && before[0] === view.turn && before[1] === p;
      if (!same) path = [];
      renderPicker(); refresh(); updateStatus();
    } else if (m.type === "submitted") {
      if (m.turn !== view.turn + 1) return;
      submitted.add(m.player);
      if ("orders" in m) { myOrders[m.player] = m.orders; path = []; renderPicker(); refresh(); }
      updateStatus();
    } else if (m.type === "reveal") {
      submitted = new Set(); myOrders = {}; path = [];
      snap = Object.assign({}, snap, { status: m.status, waiting: m.waiting, result: m.result });
      picker.innerHTML = "";
      await reveal(m);
      renderPicker(); refresh(); updateStatus();
    } else if (m.type === "error") {
      L.setStatus(m.message);
      addLine(m.message, "error");
    }
  }

  let chain = Promise.resolve();
  // A failing message must not stop the ones after it.
  L.onMessage((m) => { chain = chain.then(() => handle(m)).catch((e) => console.error(e)); });

  if (view) { draw(view, []); renderPicker(); refresh(); }
  updateStatus();
  L.start();
})();
