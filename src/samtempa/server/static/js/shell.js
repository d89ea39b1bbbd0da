// What the Shell, live. The board is the server's drawing (render/shell_board.py, the
// same as the pictures and the replay), fetched as scenes with their sentences in the
// page's language; over it, a grid of buttons (one per cell, named for what it holds)
// with a roving tabindex: arrow keys move, Enter or a click picks. The result itself
// is said by the game controls' verdict, from the viewer's side (in the status line too,
// Live.setOver).
"use strict";
(function () {
  const L = window.Live;
  const T = L.T;
  const COLS = "ABCDEFGHI";
  const HOME = "E5";                 // where the keyboard starts, every turn, for everyone
  const match = document.getElementById("match").dataset.match;
  const board = document.getElementById("board");
  const stepsEl = document.getElementById("steps");
  const said = document.getElementById("reveal-said");
  const panel = document.getElementById("panel");
  const still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  let snap = L.snapshot;
  let view = snap.view;
  let submitted = new Set(snap.submitted);
  let myOrders = Object.assign({}, snap.your_orders);
  let animating = false;
  let sending = false;               // a pick is on its way: a second click waits for the answer
  let queue = [];
  let focusCell = HOME;
  let told = null;                   // the last turn's scenes, stepped through: {turn, scenes, index}
  const stepNav = document.getElementById("turn-steps");
  let picture = null;                // the element holding the drawing
  let cellsEl = null;                // the grid of buttons over it

  const cellName = (r, c) => COLS[c] + (r + 1);
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, still ? 0 : ms));

  function build() {
    board.replaceChildren();
    picture = document.createElement("div");
    picture.className = "board-picture";
    picture.setAttribute("aria-hidden", "true");
    cellsEl = document.createElement("div");
    cellsEl.className = "board-cells";
    cellsEl.setAttribute("role", "presentation");
    for (let r = 0; r < 9; r++) {
      const row = document.createElement("div");
      row.setAttribute("role", "row");
      row.className = "row";
      for (let c = 0; c < 9; c++) {
        const name = cellName(r, c);
        const gridcell = document.createElement("div");
        gridcell.setAttribute("role", "gridcell");
        const b = document.createElement("button");
        b.type = "button";
        b.className = "cell";
        b.dataset.cell = name;
        b.tabIndex = -1;
        b.addEventListener("click", () => pick(name));
        b.addEventListener("keydown", onKey);
        b.addEventListener("focus", () => roveTo(name));
        gridcell.appendChild(b);
        row.appendChild(gridcell);
      }
      cellsEl.appendChild(row);
    }
    board.append(picture, cellsEl);
    roveTo(focusCell);
  }

  // A fresh grid for the next player on this screen: nothing of the last pick is left in
  // it (no focus, no class, no tab stop where it was).
  function resetGrid() {
    focusCell = HOME;
    const svg = picture ? picture.innerHTML : "";
    build();
    picture.innerHTML = svg;
    fitCells();
    if (view) name(view);
  }

  function cellButton(n) { return cellsEl.querySelector('button[data-cell="' + n + '"]'); }

  function roveTo(n) {
    for (const b of board.querySelectorAll("button.cell")) b.tabIndex = b.dataset.cell === n ? 0 : -1;
    focusCell = n;
  }

  function onKey(event) {
    const n = event.target.dataset.cell;
    let c = COLS.indexOf(n[0]), r = parseInt(n.slice(1), 10) - 1;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (event.key === "Home") { c = 0; if (event.ctrlKey) r = 0; }
    else if (event.key === "End") { c = 8; if (event.ctrlKey) r = 8; }
    else if (event.key in moves) {
      r = Math.min(8, Math.max(0, r + moves[event.key][0]));
      c = Math.min(8, Math.max(0, c + moves[event.key][1]));
    } else return;
    event.preventDefault();
    roveTo(cellName(r, c));
    cellButton(focusCell).focus();
  }

  // The buttons lie exactly over the drawing's cells: the geometry is read from the SVG.
  function fitCells() {
    const svg = picture.querySelector("svg");
    const rect = svg && svg.querySelector("g.board > rect");
    if (!rect) return;
    const [vx, vy, vw, vh] = svg.getAttribute("viewBox").split(/\s+/).map(Number);
    const x = Number(rect.getAttribute("x")), y = Number(rect.getAttribute("y"));
    const w = Number(rect.getAttribute("width")), h = Number(rect.getAttribute("height"));
    cellsEl.style.left = ((x - vx) / vw) * 100 + "%";
    cellsEl.style.top = ((y - vy) / vh) * 100 + "%";
    cellsEl.style.width = (w / vw) * 100 + "%";
    cellsEl.style.height = (h / vh) * 100 + "%";
  }

  function showScene(scene) {
    picture.innerHTML = scene.svg;
    fitCells();
  }

  // The last turn, step by step (placement, each wave's captures and eggs, the result),
  // as the replay steps it: the buttons or ← → in the nav; a pick returns to the board now.
  function keepTold(turn, scenes) {
    told = turn > 0 && scenes.length > 1 ? { turn, scenes, index: scenes.length - 1 } : null;
    renderTold();
  }

  function renderTold() {
    if (!stepNav) return;
    stepNav.hidden = !told || animating;
    board.classList.toggle("past-step", Boolean(told) && told.index < told.scenes.length - 1);
    if (!told) return;
    const last = told.scenes.length - 1;
    stepNav.querySelector('[data-step="-1"]').setAttribute("aria-disabled", told.index === 0 ? "true" : "false");
    stepNav.querySelector('[data-step="1"]').setAttribute("aria-disabled", told.index === last ? "true" : "false");
    const lines = told.scenes[told.index].lines;
    document.getElementById("turn-step").textContent =
      T("step_of", { n: told.turn, k: told.index + 1, j: told.scenes.length }) + (lines.length ? ": " + lines.join(" ") : "");
    stepNav.dataset.step = String(told.index + 1);
  }

  function stepTold(delta) {
    if (!told || animating) return;
    const i = Math.max(0, Math.min(told.scenes.length - 1, told.index + delta));
    if (i === told.index) return;
    told.index = i;
    showScene(told.scenes[i]);
    renderTold();
  }

  function backToNow() {
    if (told && told.index !== told.scenes.length - 1) stepTold(told.scenes.length);
  }

  if (stepNav) {
    stepNav.addEventListener("click", (e) => {
      const b = e.target.closest("button[data-step]");
      if (b) stepTold(parseInt(b.dataset.step, 10));
    });
    stepNav.addEventListener("keydown", (e) => {
      const d = { ArrowLeft: -1, ArrowRight: 1 }[e.key];
      if (d) { e.preventDefault(); stepTold(d); }
    });
  }

  function what(piece) {
    if (piece === "B") return T("black turtle");
    if (piece === "W") return T("white turtle");
    if (piece === "O") return T("egg");
    return T("empty");
  }

  // Every button says its cell and what is on it ("E5, black turtle"); eggs tell their
  // place in the queue in the button's description.
  function name(state) {
    const eggs = state.eggs || [];
    for (let r = 0; r < 9; r++) {
      for (let c = 0; c < 9; c++) {
        const n = cellName(r, c);
        const b = cellButton(n);
        const piece = state.board[r][c];
        b.setAttribute("aria-label", n + ", " + what(piece));
        b.dataset.piece = piece;
        if (piece === "O") b.title = T("egg_in_queue", { n: eggs.indexOf(n) + 1 }); else b.removeAttribute("title");
      }
    }
    const mine = pendingPick();
    for (const b of board.querySelectorAll("button.cell")) b.classList.toggle("pending-pick", b.dataset.cell === mine);
    renderPanel(state);
  }

  function renderPanel(state) {
    const eggs = state.eggs || [];
    panel.replaceChildren();
    const t = document.createElement("p");
    t.className = "turn-line";
    t.textContent = T("turn", { n: state.turn });
    const w = document.createElement("p");
    w.textContent = T("winning", { b: state.winning_turtles.black, w: state.winning_turtles.white });
    const h = document.createElement("h2");
    h.textContent = T("eggs");
    const list = document.createElement(eggs.length ? "ol" : "p");
    list.id = "egg-queue";
    if (eggs.length) {
      for (const cell of eggs) { const li = document.createElement("li"); li.textContent = cell; list.appendChild(li); }
    } else list.textContent = T("no_eggs");
    panel.append(t, w);
    if (state.phase === "sudden-death" && !state.result) {
      const sd = document.createElement("p");
      sd.className = "sudden";
      sd.textContent = T("sudden_death");
      panel.appendChild(sd);
    }
    panel.append(h, list);
  }

  function loadScenes(turn) {
    return fetch("/api/matches/" + encodeURIComponent(match) + "/turns/" + turn + "/scenes", { credentials: "same-origin" })
      .then((r) => { if (!r.ok) throw new Error(String(r.status)); return r.json(); });
  }

  async function drawTurn(turn) {
    try {
      const answer = await loadScenes(turn);
      if (!view || view.turn !== turn || animating) return;
      showScene(answer.scenes[answer.scenes.length - 1]);
      keepTold(turn, answer.scenes);
      // After a reload the last turn is still told (in the list, not aloud again).
      if (turn > 0 && !stepsEl.children.length) {
        for (const scene of answer.scenes) for (const line of scene.lines) addStep(line);
      }
    } catch (e) { /* the buttons still say what is where */ }
  }

  // The player this screen picks for now (hotseat: black, then white).
  function currentPicker() {
    if (snap.status !== "playing") return null;
    for (const p of ["black", "white"]) {
      if (snap.yours.includes(p) && snap.waiting.includes(p) && !submitted.has(p)) return p;
    }
    return null;
  }

  // Only this screen's own pick is marked, and in hotseat never (the other player is next).
  function pendingPick() {
    if (snap.yours.length !== 1) return null;
    return myOrders[snap.yours[0]] || null;
  }

  function updateStatus() {
    L.markSubmitted([...submitted]);
    const hotseat = snap.yours.length > 1;
    board.classList.remove("turn-black", "turn-white");
    if (snap.status === "open") { L.setStatus(T("waiting_players")); return; }
    if (snap.status === "finished" || snap.status === "abandoned") {
      L.setOver();
      document.getElementById("finished").hidden = false;
      return;
    }
    if (!snap.yours.length) { L.setStatus(T("watching")); return; }
    const p = currentPicker();
    if (!p) { L.setStatus(T("waiting_opponent")); return; }
    const other = p === "black" ? "white" : "black";
    // The status opens with the player: their name as a name ("Black"), not the colour word.
    if (hotseat) L.setStatus(T("your_turn_as", { player: T("name_" + p) }));
    else L.setStatus(T("your_turn") + (submitted.has(other) ? " " + T("opponent_picked") : ""));
    board.classList.add("turn-" + p);
  }

  function pick(n) {
    const p = currentPicker();
    if (!p || animating || sending) return;
    backToNow();
    sending = true;
    L.send({ type: "orders", player: p, orders: n, turn: view.turn + 1 });
  }

  function addStep(text, cls) {
    const li = document.createElement("li");
    li.textContent = text;
    if (cls) li.className = cls;
    stepsEl.appendChild(li);
    return text;
  }

  // The reveal: the server's scenes one after the other, their sentences listed as they
  // come, and the whole turn said once to screen readers when it has been shown.
  async function reveal(m) {
    animating = true;
    told = null;
    renderTold();
    stepsEl.replaceChildren();
    said.textContent = "";
    const spoken = [];
    let scenes = [];
    try {
      const answer = await loadScenes(m.turn);
      scenes = answer.scenes;
      for (const scene of scenes) {
        showScene(scene);
        for (const line of scene.lines) spoken.push(addStep(line));
        await sleep(scene.lines.length ? 650 : 350);
      }
    } catch (e) {
      spoken.push(addStep(T("reveal_unavailable"), "error"));
    }
    view = m.view;
    name(view);
    said.textContent = spoken.join(" ");
    animating = false;
    keepTold(m.turn, scenes);
  }

  async function handle(m) {
    if (m.type === "snapshot" || m.type === "reveal" || m.type === "error" || (m.type === "submitted" && "orders" in m)) sending = false;
    if (m.type === "snapshot") {
      if (snap.status !== m.status && (snap.status === "open" || m.status === "open")) { location.reload(); return; }
      const turnBefore = view ? view.turn : null;
      snap = m; view = m.view; submitted = new Set(m.submitted); myOrders = Object.assign({}, m.your_orders);
      if (view) { name(view); if (turnBefore !== view.turn || !picture.querySelector("svg")) drawTurn(view.turn); }
      updateStatus();
    } else if (m.type === "submitted") {
      if (!view || m.turn !== view.turn + 1) return;
      submitted.add(m.player);
      if ("orders" in m) myOrders[m.player] = m.orders;
      if (snap.yours.length > 1 && "orders" in m) resetGrid();
      else name(view);
      updateStatus();
    } else if (m.type === "reveal") {
      submitted = new Set(); myOrders = {};
      snap = Object.assign({}, snap, { status: m.status, waiting: m.waiting, result: m.result, turn: m.turn });
      L.setStatus("");
      if (snap.yours.length > 1) focusCell = HOME;
      await reveal(m);
      if (snap.yours.length > 1) resetGrid();
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
  if (view) { name(view); drawTurn(view.turn); }
  else name({ board: Array(9).fill("........."), eggs: [], turn: 0, phase: "normal", winning_turtles: { black: 0, white: 0 } });
  updateStatus();
  L.start();
})();
