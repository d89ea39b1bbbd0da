// Snake Synapse, live: the server's drawing of each state (snake-board.js), a path
// entered with keys, a d-pad, swipes or taps and previewed from the engine's guide
// (snake-path.js), a power with its step and direction, and the revealed turn played
// frame by frame and told in sentences in the reader's language (render/story.py).
"use strict";
(function () {
  const L = window.Live;
  const B = window.SnakeBoard;
  const P = window.SnakePath;
  const Story = window.SnakeStory;
  const S = JSON.parse(document.getElementById("snake-strings").textContent);
  const T = (key, values) => {
    let text = S[key] !== undefined ? S[key] : L.T(key);
    for (const [k, v] of Object.entries(values || {})) text = text.split("%(" + k + ")s").join(String(v));
    return text;
  };
  const root = L.root;
  const board = document.getElementById("board");
  const picker = document.getElementById("picker");
  const stepsEl = document.getElementById("steps");
  const panel = document.getElementById("panel");
  const reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  let snap = L.snapshot;
  let view = snap.view;
  let submitted = new Set(snap.submitted);
  let guide = null;
  let letters = { U: "U", D: "D", L: "L", R: "R" };
  let keys = {};  // a typed letter -> its direction
  let path = [];
  let animating = false;
  let shownTurn = -1;  // the turn whose story the log shows last
  let lastScene = null;

  const snakeOf = (id) => view && view.snakes.find((s) => s.id === id);
  const turnNumber = () => (view ? view.turn + 1 : 0);
  const stacked = () => view && view.grid.length > 1 && window.innerWidth < 700;

  function setLetters(table) {
    letters = table;
    keys = {};
    for (const d of P.DIRS) keys[table[d]] = d;
    for (const d of P.DIRS) if (!(d in keys) && !Object.values(table).includes(d)) keys[d] = d;
  }
  const shown = (p) => p.map((d) => letters[d] || d).join("");

  async function fetchScenes(turn) {
    const url = "/api/matches/" + root.dataset.match + "/scenes/" + turn + (stacked() ? "?stacked=true" : "");
    for (let attempt = 0; attempt < 5; attempt++) {
      const r = await fetch(url, { credentials: "same-origin" });
      if (r.ok) return r.json();
      await new Promise((resolve) => setTimeout(resolve, 300 * (attempt + 1)));
    }
    throw new Error("no scenes for turn " + turn);
  }

  // --- the snakes' table -----------------------------------------------------------

  function renderPanel(scene) {
    panel.innerHTML = "";
    const table = document.createElement("table");
    table.className = "snakes";
    const caption = document.createElement("caption");
    caption.textContent = scene.frame ? T("snakes_caption_frame", { n: scene.turn, k: scene.frame }) : T("snakes_caption", { n: scene.turn });
    table.appendChild(caption);
    const head = document.createElement("thead");
    const hr = document.createElement("tr");
    for (const h of ["col_snake", "col_race", "col_length", "col_charges", "col_state"]) {
      const th = document.createElement("th");
      th.scope = "col";
      th.textContent = T(h);
      hr.appendChild(th);
    }
    head.appendChild(hr);
    table.appendChild(head);
    const body = document.createElement("tbody");
    for (const s of scene.snakes) {
      const tr = document.createElement("tr");
      tr.dataset.snake = s.id;
      if (!s.alive) tr.className = "dead";
      const cells = [s.name, s.race + " " + s.symbol, s.length, s.charges, s.status];
      cells.forEach((text, i) => {
        const td = document.createElement(i === 0 ? "th" : "td");
        if (i === 0) {
          td.scope = "row";
          const sw = document.createElement("span");
          sw.className = "swatch " + s.id;
          sw.setAttribute("aria-hidden", "true");
          td.append(sw, " ");
        }
        td.append(String(text));
        td.className = ["name", "race", "len", "charges", "state"][i];
        tr.appendChild(td);
      });
      body.appendChild(tr);
    }
    table.appendChild(body);
    panel.appendChild(table);
    const info = document.createElement("p");
    info.textContent = T("turn", { n: scene.turn }) + (scene.frame ? " · " + T("frame_n", { n: scene.frame }) : "") + " · " + T("path") + ": " + (view ? view.path_length : "");
    panel.appendChild(info);
  }

  function showScene(scene) {
    lastScene = scene;
    B.show(scene);
    renderPanel(scene);
  }

  // --- the last turn, frame by frame (snake-steps.js) ------------------------------
  // A past frame is drawn without becoming lastScene (the present, which says whose
  // turn it is); back to now, the preview of the path being entered returns.
  const Steps = window.SnakeSteps.create({
    T,
    busy: () => animating,
    show: (scene, now) => {
      if (now) { showScene(scene); refresh(); } else { B.preview(null); B.show(scene); renderPanel(scene); }
    },
  });
  const past = Steps.past;
  const backToNow = Steps.back;

  // --- whose turn ------------------------------------------------------------------

  function currentPlayer() {
    if (snap.status !== "playing" || animating || !lastScene) return null;
    return snap.yours.find((p) => snap.waiting.includes(p) && !submitted.has(p)) || null;
  }

  function option(value, label, selected) {
    return "<option value='" + value + "'" + (selected ? " selected" : "") + ">" + label + "</option>";
  }
  function frameSelect(name, value) {
    let html = "<label>" + T("frame_label") + " <select name='" + name + "'>";
    for (let i = 1; i <= view.path_length; i++) html += option(i, i, String(value) === String(i));
    return html + "</select></label>";
  }
  function dirSelect(name, value) {
    return "<label>" + T("direction") + " <select name='" + name + "'>" +
      P.DIRS.map((d) => option(d, T("arrow_" + d) + " " + T(d === "U" ? "up" : d === "D" ? "down" : d === "L" ? "left" : "right"), value === d)).join("") + "</select></label>";
  }

  function powerHtml(s, saved) {
    const f = saved || {};
    const race = s.race;
    const checked = (k) => (f[k] ? " checked" : "");
    if (s.charges <= 0) return "";
    if (race === "breaker") return "<label><input type='checkbox' name='breaker'" + checked("breaker") + "> " + T("breaker_use") + "</label>";
    if (race === "dasher") return "<label>" + T("dash") + " <select name='dash'>" + option("", T("none")) + option(1, 1, f.dash === "1") + (s.charges >= 2 ? option(2, 2, f.dash === "2") : "") + "</select></label>";
    if (race === "trapper") return "<label><input type='checkbox' name='use'" + checked("use") + "> " + T("trap") + "</label> " + frameSelect("frame", f.frame) + " " + dirSelect("dir", f.dir);
    if (race === "digger") return "<label><input type='checkbox' name='use'" + checked("use") + "> " + T("dig") + "</label> " + frameSelect("frame", f.frame);
    if (race === "ghost") return "<label><input type='checkbox' name='ghost'" + checked("ghost") + "> " + T("ghost_use") + "</label>";
    let html = "";
    for (let i = 0; i < Math.min(3, s.charges); i++) {
      html += "<div class='shot'><label><input type='checkbox' name='shot" + i + "'" + checked("shot" + i) + "> " + T("shot") + " " + (i + 1) + "</label> " +
        frameSelect("sframe" + i, f["sframe" + i]) + " <label>" + T("portal") + " <select name='portal" + i + "'>" + option(1, 1, f["portal" + i] !== "2") + option(2, 2, f["portal" + i] === "2") + "</select></label> " + dirSelect("sdir" + i, f["sdir" + i]) + "</div>";
    }
    return html;
  }

  function renderPicker() {
    const p = currentPlayer();
    picker.innerHTML = "";
    board.classList.toggle("entering", Boolean(p));
    if (!p || !view) { B.preview(null); return; }
    const s = snakeOf(p);
    const draft = P.Drafts.load(turnNumber(), p);
    path = draft && Array.isArray(draft.path) ? draft.path.filter((d) => P.DIRS.includes(d)).slice(0, view.path_length) : path;
    const power = powerHtml(s, draft && draft.form);
    const pad = P.DIRS.map((d) => "<button type='button' class='pad-" + d + "' data-dir='" + d + "' aria-label='" + T(d === "U" ? "up" : d === "D" ? "down" : d === "L" ? "left" : "right") + "'>" + T("arrow_" + d) + "</button>").join("");
    picker.innerHTML =
      "<form id='orders' class='controls'><p class='who'><span class='swatch " + s.id + "' aria-hidden='true'></span> <strong></strong></p>" +
      "<div class='pad' role='group' aria-label='" + T("pad_label") + "'>" + pad + "</div>" +
      "<div class='path-tools'><button type='button' data-act='undo'>" + T("undo") + "</button> <button type='button' data-act='clear'>" + T("clear") + "</button></div>" +
      "<p>" + T("path") + ": <output id='path-text'></output></p>" +
      "<p id='path-warning' class='warning' role='status'></p>" +
      "<p class='muted'>" + T("keys_hint", { keys: P.DIRS.map((d) => letters[d]).join(", ") }) + "</p>" +
      (power ? "<fieldset><legend>" + T("power") + "</legend>" + power + "</fieldset>" : "") +
      "<button type='submit' class='send'>" + T("send") + "</button></form>";
    const row = (lastScene && lastScene.snakes.find((x) => x.id === p)) || null;
    picker.querySelector(".who strong").textContent = row ? row.name + " · " + row.race + " " + row.symbol : p;
    const form = document.getElementById("orders");
    form.addEventListener("click", (e) => {
      const b = e.target.closest("button[type=button]");
      if (!b) return;
      if (b.dataset.dir) addStep(b.dataset.dir);
      else if (b.dataset.act === "undo") { backToNow(); path.pop(); refresh(); }
      else if (b.dataset.act === "clear") { backToNow(); path = []; refresh(); }
    });
    form.addEventListener("change", () => { backToNow(); refresh(); });
    form.addEventListener("submit", (e) => { e.preventDefault(); send(p, form); });
    refresh();
  }

  function formValues(form) {
    const out = {};
    if (!form) return out;
    for (const e of form.elements) {
      if (!e.name) continue;
      if (e.type === "checkbox") { if (e.checked) out[e.name] = true; } else out[e.name] = e.value;
    }
    return out;
  }

  function powerOf(race, f) {
    const n = (v) => parseInt(v, 10);
    if (race === "trapper" && f.use) return { trap: { frame: n(f.frame), dir: f.dir } };
    if (race === "digger" && f.use) return { dig: { frame: n(f.frame) } };
    if (race === "shooter") {
      const shoot = [];
      for (let i = 0; i < 3; i++) if (f["shot" + i]) shoot.push({ frame: n(f["sframe" + i]), portal: n(f["portal" + i]), dir: f["sdir" + i] });
      if (shoot.length) return { shoot };
    }
    return {};
  }

  function refresh() {
    const p = currentPlayer();
    const out = document.getElementById("path-text");
    const form = document.getElementById("orders");
    if (!p || !view) { if (!animating) B.preview(null); return; }
    const s = snakeOf(p);
    const f = formValues(form);
    // Only something typed or chosen is a draft; nothing is kept for an untouched form.
    if (path.length || f.dash || Object.values(f).includes(true)) P.Drafts.save(turnNumber(), p, { path, form: f });
    else P.Drafts.drop(turnNumber(), p);
    if (out) out.textContent = shown(path) + " (" + path.length + "/" + view.path_length + ")";
    const warn = document.getElementById("path-warning");
    if (past()) { B.preview(null); return; }  // a past frame is shown: no preview on it
    if (f.breaker) { B.preview(null); if (warn) warn.textContent = ""; return; }
    if (!guide || !s || !s.alive || !s.body.length) return;
    const rowOf = (id) => (lastScene && lastScene.snakes.find((x) => x.id === id)) || null;
    const who = { id: s.id, ghost: Boolean(f.ghost), name: (id) => (rowOf(id) ? rowOf(id).name : id) };
    const drawing = P.plan(guide, s.body[0], path, powerOf(s.race, f), T, who);
    B.preview(drawing);
    if (warn) warn.textContent = drawing.warning || "";
  }

  function addStep(d) {
    if (!currentPlayer()) return;
    backToNow();
    if (path.length >= view.path_length) return;
    path.push(d);
    refresh();
  }

  function send(player, form) {
    const f = formValues(form);
    const race = snakeOf(player).race;
    let orders = Object.assign({ path: path.join("") }, powerOf(race, f));
    if (f.breaker) orders = { breaker: true };
    if (f.dash) orders.dash = parseInt(f.dash, 10);
    if (f.ghost) orders.ghost = true;
    L.send({ type: "orders", player, orders, turn: turnNumber() });
  }

  // Keyboard play: the reader's letters or the arrow keys add steps, Backspace removes
  // one, Enter sends; never while typing in a field.
  const ARROWS = { ArrowUp: "U", ArrowDown: "D", ArrowLeft: "L", ArrowRight: "R" };
  document.addEventListener("keydown", (e) => {
    if (e.target.closest && e.target.closest("select, input, textarea, [contenteditable]")) return;
    if (e.ctrlKey || e.metaKey || e.altKey || !currentPlayer()) return;
    const k = e.key.length === 1 ? e.key.toUpperCase() : e.key;
    if (k in ARROWS) { e.preventDefault(); addStep(ARROWS[k]); }
    else if (k in keys) { e.preventDefault(); addStep(keys[k]); }
    else if (k === "Backspace") { e.preventDefault(); backToNow(); path.pop(); refresh(); }
    else if (k === "Enter" && !(e.target.closest && e.target.closest("button, a, summary"))) {
      const form = document.getElementById("orders");
      if (form) { e.preventDefault(); form.requestSubmit(); }
    }
  });

  // Touch: a swipe on the board adds a step; so does a tap on the cell a step leads to.
  P.onSwipe(board, (d) => { if (currentPlayer()) addStep(d); });
  board.addEventListener("click", (e) => {
    const p = currentPlayer();
    const target = B.cellAt(e.target);
    if (!p || !target || !guide) return;
    const s = snakeOf(p);
    let end = s.body[0];
    for (const d of path) { const next = guide.steps[end] && guide.steps[end][P.DIRS.indexOf(d)]; if (!next) return; end = next; }
    const d = P.dirTo(guide, end, target);
    if (d) addStep(d);
  });

  // --- status ----------------------------------------------------------------------

  function mineDead() {
    if (!view || !snap.yours.length) return null;
    const mine = snap.yours.map(snakeOf).filter(Boolean);
    if (!mine.length || mine.some((s) => s.alive)) return null;
    const row = lastScene && lastScene.snakes.find((x) => x.id === mine[0].id);
    return row ? row.status : "";
  }

  function updateStatus() {
    L.markSubmitted([...submitted]);
    if (snap.status === "open") { L.setStatus(T("waiting_players")); return; }
    if (snap.status === "finished" || snap.status === "abandoned") {
      L.setOver();  // "The game is over. You won.": the viewer's verdict
      document.getElementById("finished").hidden = false;
      return;
    }
    if (!snap.yours.length) { L.setStatus(T("watching")); return; }
    if (!lastScene) return;  // the board is on its way
    const dead = mineDead();
    if (dead !== null) { L.setStatus(T("you_are_dead", { how: dead })); return; }
    const p = currentPlayer();
    if (animating) { L.setStatus(T("revealing")); return; }
    const row = p && lastScene && lastScene.snakes.find((x) => x.id === p);
    L.setStatus(p ? T("your_turn_snake", { player: row ? row.name : p }) : T("waiting_opponent"));
  }

  // --- the story (snake-story.js) -------------------------------------------------

  const turnBlock = (turn) => Story.block(turn, T("turn_story", { n: turn }));
  const section = (turn, part) => Story.section(part);
  const say = Story.say;
  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  async function reveal(m) {
    animating = true;
    Steps.clear();
    board.classList.add("revealing");
    updateStatus();
    picker.innerHTML = "";
    B.preview(null);
    const data = await fetchScenes(m.turn);
    setLetters(data.letters);
    const ol = turnBlock(m.turn);
    const story = data.story;
    // What happened is said once, when the turn has played: frames follow too fast for
    // a screen reader to finish a sentence.
    const spoken = [];
    if (story.length) ol.appendChild(section(m.turn, story[0]));
    const framed = story.filter((part) => part.frame !== null);
    for (let i = 0; i < data.frames.length; i++) {
      showScene(data.frames[i]);
      const part = framed[i];
      if (part) {
        ol.appendChild(section(m.turn, part));
        spoken.push(...part.lines);
      }
      await wait(reduced ? 120 : 450);
    }
    for (const part of story.slice(1)) {
      if (part.frame === null) { ol.appendChild(section(m.turn, part)); spoken.push(...part.lines); }
    }
    say(T("turn_story", { n: m.turn }) + ". " + (spoken.length ? spoken.join(" ") : T("quiet_turn")));
    view = m.view;
    guide = data.guide || null;
    showScene(data.final);
    board.dataset.turn = m.turn;
    board.classList.remove("revealing");
    shownTurn = m.turn;
    animating = false;
    Steps.keep(m.turn, data);
  }

  // The page comes with its turn's scenes (drawn at once); a stacked board is asked for.
  const embedded = JSON.parse(document.getElementById("snake-scene").textContent);

  async function showTurn() {
    if (!view) return;
    const fresh = embedded && embedded.turn === view.turn && !stacked();
    const data = fresh ? embedded : await fetchScenes(view.turn);
    useTurn(data);
  }

  function useTurn(data) {
    setLetters(data.letters);
    guide = data.guide || null;
    showScene(data.final);
    Steps.keep(view.turn, data);
    board.dataset.turn = view.turn;
    if (shownTurn < view.turn && data.story.length && view.turn > 0) {
      const ol = turnBlock(view.turn);
      for (const part of data.story) ol.appendChild(section(view.turn, part));
      shownTurn = view.turn;
    }
  }

  async function handle(m) {
    if (m.type === "snapshot") {
      if (snap.status !== m.status && (snap.status === "open" || m.status === "open")) { location.reload(); return; }
      const before = view ? view.turn : null;
      snap = m; view = m.view; submitted = new Set(m.submitted);
      if (before === null || before !== (view && view.turn) || !lastScene) await showTurn();
      if (view) P.Drafts.prune(turnNumber());
      renderPicker(); updateStatus();
    } else if (m.type === "submitted") {
      if (!view || m.turn !== turnNumber()) return;
      submitted.add(m.player);
      if ("orders" in m) { P.Drafts.drop(m.turn, m.player); path = []; renderPicker(); }
      updateStatus();
    } else if (m.type === "reveal") {
      for (const p of snap.yours) P.Drafts.drop(m.turn, p);
      P.Drafts.prune(m.turn + 1);  // the reveal ends every draft of this turn and before
      submitted = new Set(); path = [];
      snap = Object.assign({}, snap, { status: m.status, waiting: m.waiting, result: m.result });
      await reveal(m);
      renderPicker(); updateStatus();
    } else if (m.type === "error") {
      L.setStatus(m.message);
      const li = document.createElement("li");
      li.className = "error";
      li.textContent = m.message;
      stepsEl.insertBefore(li, stepsEl.firstChild);
    }
  }

  let chain = Promise.resolve();
  // A failing message must not stop the ones after it.
  L.onMessage((m) => { chain = chain.then(() => handle(m)).catch((e) => console.error(e)); });

  if (view && embedded && embedded.turn === view.turn && !stacked()) {
    useTurn(embedded);  // at once, before the socket: the board and the status are there
    renderPicker();
  } else {
    chain = chain.then(async () => { await showTurn(); renderPicker(); updateStatus(); }).catch((e) => console.error(e));
  }
  updateStatus();
  L.start();
})();
