// The live connection of a match page: one websocket, reconnecting, and translated strings.
"use strict";
(function () {
  const root = document.getElementById("match");
  const strings = JSON.parse(document.getElementById("strings").textContent);
  const handlers = [];
  const outbox = [];  // messages sent while the socket is (re)connecting
  let socket = null;
  let timerEnd = null;
  let opened = false;

  function T(key, values) {
    let text = strings[key] || key;
    for (const [k, v] of Object.entries(values || {})) {
      text = text.split("%(" + k + ")s").join(String(v));
    }
    return text;
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + "/ws/matches/" + root.dataset.match);
    socket.onopen = () => {
      if (opened) catchUp();  // lines said while this page was cut off
      opened = true;
      while (outbox.length && socket.readyState === WebSocket.OPEN) socket.send(outbox.shift());
    };
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      // Chat lines and chat refusals are the chat box's, never the game's.
      if (message.type === "chat" || message.about === "chat") { chat(message); return; }
      if ("seconds_left" in message) setTimer(message.seconds_left);
      for (const handler of handlers) handler(message);
    };
    socket.onclose = (event) => {
      if (event.code === 4404 || event.code === 4403) return;
      setStatus(T("disconnected"));
      setTimeout(connect, 1000);
    };
  }

  function send(message) {
    const text = JSON.stringify(message);
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(text);
    else outbox.push(text);
  }

  function setStatus(text) {
    document.getElementById("status").textContent = text;
  }

  // The end of the game, said from this viewer's side: "The game is over. You won." (a
  // spectator or a hotseat reads "Black won."). The verdict is the game controls' own
  // (services/verdicts.py, in the page's language, as events.py says "The game is over."
  // then the result), fetched once: the reveal that ends a game does not carry it.
  let verdict = null;                // null: not known (asked again next time); a promise on its way
  function setOver() {
    const over = T("game_over");
    if (typeof verdict === "string") { setStatus(over + " " + verdict); return; }
    setStatus(over);
    if (verdict) return;
    verdict = fetch("/api/matches/" + encodeURIComponent(root.dataset.match) + "/controls", { credentials: "same-origin" })
      .then((r) => (r.ok ? r.json() : {}))
      .then((panel) => { verdict = panel.verdict || null; })
      .catch(() => { verdict = null; })
      .then(() => {
        // Said only if nothing else has been said since (a lost connection, say).
        if (document.getElementById("status").textContent === over && verdict) setStatus(over + " " + verdict);
      });
  }

  function setTimer(seconds) {
    timerEnd = seconds === null || seconds === undefined ? null : Date.now() + seconds * 1000;
    tick();
  }

  function tick() {
    const el = document.getElementById("timer");
    if (timerEnd === null) { el.textContent = "–"; return; }
    const left = Math.max(0, Math.round((timerEnd - Date.now()) / 1000));
    // Correspondence games count in days: hours and minutes read better than 4320:00.
    el.textContent = left >= 3600
      ? Math.floor(left / 3600) + " h " + String(Math.floor((left % 3600) / 60)).padStart(2, "0") + " min"
      : Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
  }
  setInterval(tick, 500);

  function markSubmitted(players) {
    for (const li of document.querySelectorAll("#seats li")) {
      li.querySelector(".picked").hidden = !players.includes(li.dataset.player);
    }
  }

  // The players' chat: on the pages of players who may chat only. Text always goes in as
  // text (textContent), never as markup.
  const chatLines = document.getElementById("chat-lines");
  const chatInput = document.getElementById("chat-text");
  const chatError = document.getElementById("chat-error");
  let lastSaid = "";

  function chat(message) {
    if (!chatLines) return;
    if (message.type === "error") {
      chatError.textContent = message.message;
      chatError.hidden = false;
      if (!chatInput.value) chatInput.value = lastSaid;  // give the refused line back
      return;
    }
    if (chatLines.querySelector('[data-id="' + Number(message.id) + '"]')) return;
    const li = document.createElement("li");
    li.dataset.id = message.id;
    const author = document.createElement("strong");
    author.textContent = message.author;
    const text = document.createElement("span");
    text.textContent = message.text;
    li.append(author, ": ", text);
    // In the order they were said, even when a catch-up arrives after newer lines.
    const after = [...chatLines.children].find((e) => Number(e.dataset.id) > message.id);
    chatLines.insertBefore(li, after || null);
    chatLines.scrollTop = chatLines.scrollHeight;
  }

  function catchUp() {
    if (!chatLines) return;
    fetch("/api/matches/" + root.dataset.match + "/chat")
      .then((r) => (r.ok ? r.json() : { lines: [] }))
      .then((data) => data.lines.forEach(chat))
      .catch(() => {});
  }

  if (chatLines) {
    document.getElementById("chat-form").addEventListener("submit", (event) => {
      event.preventDefault();
      if (!chatInput.value.trim()) return;
      lastSaid = chatInput.value;
      send({ type: "chat", text: lastSaid });
      chatInput.value = "";
      chatError.hidden = true;
    });
  }

  window.Live = {
    T, send, setStatus, setOver, markSubmitted,
    root,
    snapshot: JSON.parse(document.getElementById("snapshot").textContent),
    onMessage(handler) { handlers.push(handler); },
    start() { connect(); },
  };
})();
