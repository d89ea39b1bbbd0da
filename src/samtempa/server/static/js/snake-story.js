// Snake Synapse, the turns told: the server's sentences (render/story.py) in a log, the
// newest turn first, older turns kept (a death told stays on screen while bots play on),
// and each frame announced in words to screen readers (#announce, a polite live region).
"use strict";
(function () {
  const log = document.getElementById("steps");
  const announce = document.getElementById("announce");
  const KEEP = 40;
  log.setAttribute("aria-live", "off");  // the reveal is told in #announce, once
  log.classList.add("story");
  log.tabIndex = 0;  // it scrolls: keyboards must reach it

  // A part of a turn (the orders, a frame, the end of the turn): its title, its lines.
  function section(part) {
    const li = document.createElement("li");
    li.className = part.frame === null ? "part" : "frame";
    const h = document.createElement("strong");
    h.textContent = part.title;
    li.appendChild(h);
    const ul = document.createElement("ul");
    if (part.moves) {
      const item = document.createElement("li");
      item.className = "moves";
      item.textContent = part.moves;
      ul.appendChild(item);
    }
    for (const line of part.lines) {
      const item = document.createElement("li");
      item.textContent = line;
      ul.appendChild(item);
    }
    li.appendChild(ul);
    return li;
  }

  // A new turn at the top of the log; returns the list its parts go in.
  function block(turn, title) {
    const old = log.querySelector('.turn-story[data-turn="' + turn + '"]');
    if (old) old.remove();
    const li = document.createElement("li");
    li.className = "turn-story";
    li.dataset.turn = turn;
    const h = document.createElement("h2");
    h.textContent = title;
    li.appendChild(h);
    const ol = document.createElement("ol");
    li.appendChild(ol);
    log.insertBefore(li, log.firstChild);
    while (log.children.length > KEEP) log.lastChild.remove();
    return ol;
  }

  function say(text) { if (announce && text) announce.textContent = text; }

  window.SnakeStory = { section, block, say };
})();
