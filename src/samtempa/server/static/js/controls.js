// Game controls of a match page (templates/_controls.html): resign, draws, abort.
// The forms work without this script; with it they are sent without leaving the page,
// and the panel is fetched again (in the visitor's language) whenever the match changes.
"use strict";
(function () {
  const box = document.getElementById("game-controls");
  if (!box) return;
  const match = box.dataset.match;
  const csrf = box.dataset.csrf;
  const errorBox = document.getElementById("gc-error");
  let pending = null;

  function showError(text) {
    errorBox.textContent = text || "";
    errorBox.hidden = !text;
  }

  // Live regions keep their element (so screen readers hear the change); forms are swapped.
  function apply(fresh) {
    for (const id of ["gc-h", "gc-verdict", "gc-offer", "gc-note"]) {
      const now = document.getElementById(id);
      const next = fresh.querySelector("#" + id);
      if (now && next && now.textContent !== next.textContent) now.textContent = next.textContent;
    }
    // Forms that did not change stay as they are: an open "Resign" stays open under the
    // player's finger while the match moves on.
    const forms = fresh.querySelector("#gc-forms");
    const now = document.getElementById("gc-forms");
    const plain = (el) => el.innerHTML.replace(/ open=""/g, "");
    if (forms && plain(forms) !== plain(now)) now.replaceChildren(...forms.childNodes);
    box.dataset.turn = fresh.dataset.turn;
    box.dataset.status = fresh.dataset.status;
  }

  function refresh() {
    // One fetch at a time; a change while one is under way asks for one more.
    if (pending) { pending.again = true; return; }
    pending = { again: false };
    fetch("/matches/" + encodeURIComponent(match) + "/controls", { credentials: "same-origin" })
      .then((r) => (r.ok ? r.text() : null))
      .then((html) => {
        if (!html) return;
        const fresh = new DOMParser().parseFromString(html, "text/html").getElementById("game-controls");
        if (fresh) apply(fresh);
      })
      .catch(() => {})
      .finally(() => {
        const again = pending.again;
        pending = null;
        if (again) refresh();
      });
  }

  box.addEventListener("submit", (event) => {
    const form = event.target.closest("form.gc-form");
    if (!form) return;
    event.preventDefault();
    const data = new FormData(form);
    const body = {
      action: data.get("action"),
      turn: Number(data.get("turn")),
      player: data.get("player") || null,
    };
    for (const b of form.querySelectorAll("button")) b.disabled = true;
    fetch("/api/matches/" + encodeURIComponent(match) + "/controls", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
      body: JSON.stringify(body),
    })
      .then(async (r) => {
        if (r.ok) { showError(""); return; }
        const answer = await r.json().catch(() => ({}));
        showError(answer.message || String(r.status));
      })
      .catch(() => showError(errorBox.dataset.offline || ""))
      .finally(refresh);
  });

  // What changes the panel: a new snapshot, a reveal (offers lapse, the game may end),
  // a control by someone, and this viewer's own sealed orders (a resignation).
  if (window.Live && typeof window.Live.onMessage === "function") {
    window.Live.onMessage((m) => {
      if (m.type === "snapshot" || m.type === "reveal" || m.type === "control") refresh();
      else if (m.type === "submitted" && "orders" in m) refresh();
      else if (m.type === "error" && m.about === "control") showError(m.message);
    });
  }
})();
