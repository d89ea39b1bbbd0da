// What the Shell, live: the board as buttons (accessible name = cell name), picking,
// the hotseat hand-over, and the reveal played as steps.
"use strict";
(function () {
  const L = window.Live;
  const T = L.T;
  const COLS = "ABCDEFGHI";
  const board = document.getElementById("board");
  const stepsEl = document.getElementById("steps");
  const panel = document.getElementById("panel");
  let snap = L.snapshot;            // the last snapshot (status, yours, waiting…)
  let view = snap.view;              // the canonical state shown
  let submitted = new Set(snap.submitted);
  let myOrders = Object.assign({}, snap.your_orders);
  let animating = false;
  let queue = [];                    // messages that arrive during an animation
  let focusCell = "E5";
  let lastMarks = {};                // the last turn's picks and winning lines, kept until the next reveal

  const cellName = (r, c) => COLS[c] + (r + 1);

  // Coordinates around the board (WTS-1.1: columns A-I, rows 1-9 from the top), hidden
  // from screen readers: every cell button already says its name.
  function coordinate(text) {
    const d = document.createElement("div");
    d.className = "coord";
    d.setAttribute("aria-hidden", "true");
    d.textContent = text;
    return d;
  }

  function build() {
    board.innerHTML = "";
    const header = document.createElement("div");
    header.className = "row coords";
    header.setAttribute("aria-hidden", "true");
    header.appendChild(coordinate(""));
    for (const c of COLS) header.appendChild(coordinate(c));
    board.appendChild(header);
    for (let r = 0; r < 9; r++) {
      const row = document.createElement("div");
      row.setAttribute("role", "row");
      row.className = "row";
      row.appendChild(coordinate(String(r + 1)));
      for (let c = 0; c < 9; c++) {
        const name = cellName(r, c);
        const gridcell = document.createElement("div");
        gridcell.setAttribute("role", "gridcell");
        const b = document.createElement("button");
        b.type = "button";
        b.className = "cell";
        b.dataset.cell = name;
        b.setAttribute("aria-label", name);
        b.tabIndex = name === focusCell ? 0 : -1;
        b.addEventListener("click", () => pick(name));
        b.addEventListener("keydown", onKey);
        gridcell.appendChild(b);
        row.appendChild(gridcell);
      }
      board.appendChild(row);
    }
  }

  function cellButton(name) { return board.querySelector('[data-cell="' + name + '"]'); }

  function onKey(event) {
    const name = event.target.dataset.cell;
    let c = COLS.indexOf(name[0]), r = parseInt(name.slice(1), 10) - 1;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (!(event.key in moves)) return;
    event.preventDefault();
    r = Math.min(8, Math.max(0, r + moves[event.key][0]));
    c = Math.min(8, Math.max(0, c + moves[event.key][1]));
    moveFocus(cellName(r, c));
  }

  function moveFocus(name) {
    const old = cellButton(focusCell);
    if (old) old.tabIndex = -1;
    focusCell = name;
    const b = cellButton(name);
    b.tabIndex = 0;
    b.focus();
  }

  function draw(state, marks) {
    marks = marks || {};
    const eggIndex = {};
    (state.eggs || []).forEach((cell, i) => { eggIndex[cell] = i + 1; });
    for (let r = 0; r < 9; r++) {
      for (let c = 0; c < 9; c++) {
        const name = cellName(r, c);
        const b = cellButton(name);
        const piece = state.board[r][c];
        b.className = "cell" + (piece === "B" ? " black" : piece === "W" ? " white" : piece === "O" ? " egg" : "");
        b.textContent = piece === "O" ? String(eggIndex[name] || "") : "";
        b.title = name + " · " + (piece === "B" ? T("black") : piece === "W" ? T("white") : piece === "O" ? T("egg") : T("empty"));
        for (const [cls, cells] of Object.entries(marks)) {
          if (cells.includes(name)) b.classList.add(cls);
        }
      }
    }
    renderPanel(state);
  }

  function renderPanel(state) {
    const eggs = state.eggs || [];
    panel.innerHTML = "";
    const h = document.createElement("h2");
    h.textContent = T("eggs");
    panel.appendChild(h);
    const list = document.createElement(eggs.length ? "ol" : "p");
    list.id = "egg-queue";
    if (eggs.length) {
      for (const cell of eggs) { const li = document.createElement("li"); li.textContent = cell; list.appendChild(li); }
    } else list.textContent = T("no_eggs");
    panel.appendChild(list);
    const w = document.createElement("p");
    w.textContent = T("winning", { b: state.winning_turtles.black, w: state.winning_turtles.white });
    panel.appendChild(w);
    const t = document.createElement("p");
    t.textContent = T("turn", { n: state.turn });
    panel.appendChild(t);
    if (state.phase === "sudden-death" && !state.result) {
      const sd = document.createElement("p");
      sd.className = "sudden";
      sd.textContent = T("sudden_death");
      panel.appendChild(sd);
    }
  }

  // The player this screen picks for now (hotseat: black, then white).
  function currentPicker() {
    if (snap.status !== "playing") return null;
    for (const p of ["black", "white"]) {
      if (snap.yours.includes(p) && snap.waiting.includes(p) && !submitted.has(p)) return p;
    }
    return null;
  }

  function pendingMarks() {
    // Only this screen's own pick is shown, and in hotseat not while the other chooses.
    if (snap.yours.length !== 1) return Object.assign({}, lastMarks);
    const mine = myOrders[snap.yours[0]];
    return mine ? Object.assign({}, lastMarks, { "pending-pick": [mine] }) : Object.assign({}, lastMarks);
  }

  function updateStatus() {
    L.markSubmitted([...submitted]);
    const hotseat = snap.yours.length > 1;
    if (snap.status === "open") { L.setStatus(T("waiting_players")); return; }
    if (snap.status === "finished" || snap.status === "abandoned") { showResult(); return; }
    if (!snap.yours.length) { L.setStatus(T("watching")); return; }
    const p = currentPicker();
    if (p) {
      if (hotseat) {
        const other = p === "black" ? "white" : "black";
        L.setStatus((submitted.has(other) ? T("pass_screen", { player: T(other), next: T(p) }) + " " : "") + T("your_turn_as", { player: T(p) }));
      } else {
        const other = p === "black" ? "white" : "black";
        L.setStatus(T("your_turn") + (submitted.has(other) ? " " + T("opponent_picked") : ""));
      }
      board.classList.toggle("turn-black", p === "black");
      board.classList.toggle("turn-white", p === "white");
    } else {
      L.setStatus(T("waiting_opponent"));
    }
  }

  function showResult() {
    const result = view && view.result;
    if (result === "draw") L.setStatus(T("draw"));
    else if (result) L.setStatus(T("wins", { player: T(result) }));
    else if (snap.result && snap.result.winner) L.setStatus(T("wins", { player: T(snap.result.winner) }));
    document.getElementById("finished").hidden = false;
  }

  function pick(name) {
    const p = currentPicker();
    if (!p || animating) return;
    focusCell = name;
    L.send({ type: "orders", player: p, orders: name, turn: view.turn + 1 });
  }

  function addStep(text, cls) {
    const li = document.createElement("li");
    li.textContent = text;
    if (cls) li.className = cls;
    stepsEl.appendChild(li);
  }

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  // The reveal: both picks, then each wave's captures, vanished eggs and hatches, then the result.
  async function reveal(m) {
    animating = true;
    stepsEl.innerHTML = "";
    const before = view;
    const rows = before.board.map((row) => row.split(""));
    const rep = m.report;
    const set = (cell, ch) => { rows[parseInt(cell.slice(1), 10) - 1][COLS.indexOf(cell[0])] = ch; };
    let eggs = before.eggs.slice();
    const snapshotOf = () => ({ ...before, board: rows.map((r) => r.join("")), eggs: eggs.slice() });
    for (const p of m.missed || []) addStep(T("missed", { player: T(p) }), "missed");
    if (rep.collision) {
      addStep(T("collision", { cell: rep.black }));
      set(rep.black, "O"); eggs.push(rep.black);
      draw(snapshotOf(), { "reveal-pick": [rep.black] });
      await sleep(700);
    } else {
      addStep(T("played", { player: T("black"), cell: rep.black }));
      addStep(T("played", { player: T("white"), cell: rep.white }));
      set(rep.black, "B"); set(rep.white, "W");
      draw(snapshotOf(), { "reveal-pick": [rep.black, rep.white] });
      await sleep(700);
      for (const wave of rep.waves) {
        const captured = [];
        for (const cap of wave.captures) {
          addStep(T("capture", { player: T(cap.colour), closer: cap.closer, a: cap.pair[0], b: cap.pair[1], anchor: cap.anchor }), "capture");
          captured.push(...cap.pair);
        }
        draw(snapshotOf(), { captured });
        await sleep(700);
        for (const cell of wave.removed) set(cell, ".");
        eggs = eggs.filter((e) => !wave.removed.includes(e));
        for (const cell of wave.vanished) { addStep(T("vanished", { cell })); set(cell, "."); }
        for (const cell of wave.hatched) {
          addStep(T("hatched", { cell, player: T(wave.hatched_colour) }));
          set(cell, wave.hatched_colour === "black" ? "B" : "W");
        }
        eggs = eggs.filter((e) => !wave.vanished.includes(e) && !wave.hatched.includes(e));
        draw(snapshotOf(), { hatched: wave.hatched, vanished: wave.vanished });
        await sleep(700);
      }
    }
    view = m.view;
    const winning = rep.winning ? [...rep.winning.black, ...rep.winning.white] : [];
    lastMarks = { "last-pick": rep.collision ? [rep.black] : [rep.black, rep.white], winning };
    draw(view, lastMarks);
    if (view.phase === "sudden-death" && !view.result) addStep(T("sudden_death"), "sudden");
    if (view.result === "draw") addStep(T("draw"), "result");
    else if (view.result) addStep(T("wins", { player: T(view.result) }), "result");
    animating = false;
  }

  async function handle(m) {
    if (m.type === "snapshot") {
      if (snap.status !== m.status && (snap.status === "open" || m.status === "open")) { location.reload(); return; }
      snap = m; view = m.view; submitted = new Set(m.submitted); myOrders = Object.assign({}, m.your_orders);
      if (view) draw(view, pendingMarks());
      updateStatus();
    } else if (m.type === "submitted") {
      if (m.turn !== view.turn + 1) return;
      submitted.add(m.player);
      if ("orders" in m) myOrders[m.player] = m.orders;
      if (snap.yours.length > 1) {
        // Hotseat: the first pick fades away before the second player chooses.
        const b = cellButton(m.orders);
        if (b) { b.classList.add("fading"); setTimeout(() => draw(view, lastMarks), 600); }
      } else draw(view, pendingMarks());
      updateStatus();
    } else if (m.type === "reveal") {
      submitted = new Set(); myOrders = {};
      snap = Object.assign({}, snap, { status: m.status, waiting: m.waiting, result: m.result, turn: m.turn });
      L.setStatus("");
      await reveal(m);
      updateStatus();
    } else if (m.type === "error") {
      L.setStatus(m.message);
      addStep(m.message, "error");
    }
  }

  async function pump() {
    while (queue.length) { await handle(queue.shift()); }
  }
  let pumping = Promise.resolve();
  // A failing message must not stop the ones after it.
  L.onMessage((m) => { queue.push(m); pumping = pumping.then(pump).catch((e) => console.error(e)); });

  build();
  if (view) draw(view, pendingMarks()); else draw({ board: Array(9).fill(".........") , eggs: [], turn: 0, winning_turtles: { black: 0, white: 0 } });
  updateStatus();
  L.start();
})();
