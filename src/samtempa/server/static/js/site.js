// Every page: the display choices (colours, boards), "back" links, and the service worker.
// No inline script anywhere: the Content-Security-Policy allows only files like this one.
"use strict";
(function () {
  const root = document.documentElement;
  const YEAR = 365 * 24 * 3600;
  root.classList.add("js");

  // On a phone the header folds into a menu button (everything shows without JavaScript).
  const header = document.querySelector("header.top");
  const toggle = header && header.querySelector(".menu-toggle");
  if (toggle) {
    toggle.hidden = false;
    toggle.addEventListener("click", () => {
      const open = toggle.getAttribute("aria-expanded") !== "true";
      toggle.setAttribute("aria-expanded", String(open));
      header.classList.toggle("open", open);
    });
  }

  function setCookie(name, value) {
    const secure = location.protocol === "https:" ? "; Secure" : "";
    document.cookie = name + "=" + (value || "") + "; Path=/; SameSite=Lax; Max-Age=" +
      (value ? YEAR : 0) + secure;
  }

  // The display form works without JavaScript (a POST); with it, choices apply at once.
  const form = document.querySelector(".display-form");
  if (form) {
    const apply = form.querySelector(".display-apply");
    if (apply) apply.hidden = true;
    form.addEventListener("change", (event) => {
      const field = event.target;
      if (field.name === "theme") {
        const value = field.value === "light" || field.value === "dark" ? field.value : "";
        setCookie("samtempa_theme", value);
        if (value) root.dataset.theme = value; else delete root.dataset.theme;
      } else if (field.name === "board") {
        setCookie("samtempa_board", field.value);
        root.dataset.board = field.value;
      }
    });
  }

  // Logging out takes this tab's path drafts along (snake-path.js): they are secrets of
  // the account that typed them, never for the next person on the device. A page seen
  // logged out (the session ended some other way) drops every account's drafts too.
  function dropDrafts(keep) {
    for (const where of ["sessionStorage", "localStorage"]) {
      try {
        const s = window[where];
        for (let i = s.length - 1; i >= 0; i--) {
          const k = s.key(i);
          if (k && k.startsWith("samtempa:draft:") && !(keep && k.startsWith(keep))) s.removeItem(k);
        }
      } catch (e) { /* storage refused */ }
    }
  }
  const logouts = document.querySelectorAll('form[action="/logout"]');
  for (const out of logouts) out.addEventListener("submit", () => dropDrafts(null));
  if (!logouts.length) dropDrafts("samtempa:draft:guest:");

  // "Back" goes back in the history when there is one (the link's address otherwise).
  for (const link of document.querySelectorAll("a[data-back]")) {
    link.addEventListener("click", (event) => {
      if (history.length > 1) { event.preventDefault(); history.back(); }
    });
  }
  for (const link of document.querySelectorAll("a[data-reload]")) {
    link.addEventListener("click", (event) => { event.preventDefault(); location.reload(); });
  }

  if ("serviceWorker" in navigator && (location.protocol === "https:" || location.hostname === "127.0.0.1" || location.hostname === "localhost")) {
    navigator.serviceWorker.register("/sw.js").then(() => navigator.serviceWorker.ready).then((reg) => {
      if (reg.active) reg.active.postMessage({ lang: root.lang });
    }).catch(() => {});
  }
})();
