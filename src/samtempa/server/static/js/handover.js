// The hotseat hand-over (both games): when several players share this screen, after
// one of them has sent orders the play area is put away behind a screen saying who
// is next ("Give the device to White") until that player asks to go on. The board
// the next player sees is drawn afresh by the game's script: nothing of the first
// choice (focus, marks, timing) reaches it.
"use strict";
(function () {
  const L = window.Live;
  if (!L) return;
  const T = L.T;
  const area = document.querySelector(".play-area");
  let snap = L.snapshot;
  let turn = snap.view ? snap.view.turn : 0;
  let sent = new Set(snap.submitted || []);
  const seen = new Set();           // "turn:player" hand-overs already continued
  let screen = null;

  const nameOf = (p) => T("name_" + p) === "name_" + p ? T(p) : T("name_" + p);

  // The player of this screen who chooses next, once another one of it has chosen
  // (and the last one of it who did).
  function next() {
    if (snap.status !== "playing" || (snap.yours || []).length < 2) return null;
    const mine = snap.yours.filter((p) => (snap.waiting || []).includes(p));
    const done = mine.filter((p) => sent.has(p));
    const p = mine.find((q) => !sent.has(q));
    return done.length && p && !seen.has(turn + ":" + p) ? [p, done[done.length - 1]] : null;
  }

  function hide() {
    if (!screen) return;
    screen.remove();
    screen = null;
    area.hidden = false;
    area.inert = false;
  }

  function show(player, done) {
    if (screen && screen.dataset.player === player) return;
    hide();
    screen = document.createElement("section");
    screen.id = "handover";
    screen.className = "handover";
    screen.dataset.player = player;
    screen.setAttribute("aria-labelledby", "handover-h");
    const h = document.createElement("h2");
    h.id = "handover-h";
    h.textContent = T("handover_title", { player: nameOf(player) });
    const p = document.createElement("p");
    p.textContent = T("handover_text", { done: nameOf(done), player: nameOf(player) });
    const b = document.createElement("button");
    b.type = "button";
    b.className = "handover-go";
    b.textContent = T("handover_button", { player: nameOf(player) });
    b.addEventListener("click", () => {
      seen.add(turn + ":" + player);
      hide();
      const first = area.querySelector('[tabindex="0"]');
      if (first) first.focus(); else document.getElementById("status").focus();
    });
    screen.append(h, p, b);
    area.hidden = true;
    area.inert = true;
    area.parentNode.insertBefore(screen, area);
    b.focus();
  }

  function update() {
    const n = next();
    if (n) show(n[0], n[1]); else hide();
  }

  L.onMessage((m) => {
    if (m.type === "snapshot") {
      snap = m;
      turn = m.view ? m.view.turn : 0;
      sent = new Set(m.submitted || []);
      update();
    } else if (m.type === "submitted" && "orders" in m) {
      if (m.turn !== turn + 1) return;
      sent.add(m.player);
      update();
    } else if (m.type === "reveal") {
      turn = m.turn;
      sent = new Set();
      snap = Object.assign({}, snap, { status: m.status, waiting: m.waiting });
      hide();
    }
  });
  update();
})();
