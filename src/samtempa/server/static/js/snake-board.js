// Snake Synapse, the live board: the server's drawing of a state (render/snake_live.py)
// shown as it is, with an accessible cell over each of its cells (named by the server in
// the reader's language) and a layer for the path preview. Nothing here knows a rule.
"use strict";
(function () {
  const NS = "http://www.w3.org/2000/svg";
  const board = document.getElementById("board");
  let scene = null;
  let cells = {};      // cell name -> its accessible element
  let layer = null;    // the preview's <svg>
  let marks = {};      // cell name -> extra words the preview adds to its name

  function el(tag, attrs, parent) {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, String(v));
    if (parent) parent.appendChild(e);
    return e;
  }

  // Where a cell is, in the picture's units (the layout the server sent).
  function box(name) {
    const lay = scene.layout;
    const floor = name.endsWith("'") ? 1 : 0;
    const core = floor ? name.slice(0, -1) : name;
    const col = core.charCodeAt(0) - 65, row = parseInt(core.slice(1), 10) - 1;
    const [left, top] = lay.floors[floor];
    return { x: left + col * lay.cell, y: top + row * lay.cell, size: lay.cell };
  }
  function centre(name) {
    const b = box(name);
    return [b.x + b.size / 2, b.y + b.size / 2];
  }
  const pct = (v, total) => (100 * v / total) + "%";

  function show(next) {
    const sameGrid = scene && scene.layout.width === next.layout.width && scene.layout.height === next.layout.height &&
      Object.keys(scene.cells).length === Object.keys(next.cells).length;
    scene = next;
    const lay = scene.layout;
    let stage = board.querySelector(".stage");
    if (!stage || !sameGrid) {
      board.innerHTML = "";
      stage = document.createElement("div");
      stage.className = "stage";
      stage.style.aspectRatio = lay.width + " / " + lay.height;
      const picture = document.createElement("div");
      picture.className = "picture";
      stage.appendChild(picture);
      layer = el("svg", { class: "preview", viewBox: "0 0 " + lay.width + " " + lay.height, "aria-hidden": "true", focusable: "false" });
      stage.appendChild(layer);
      const grid = document.createElement("div");
      grid.className = "cells";
      cells = {};
      // One row element per grid row and floor, laid over the picture's row.
      const rows = {};
      for (const name of Object.keys(scene.cells)) {
        const floor = name.endsWith("'") ? 1 : 0;
        const row = parseInt((floor ? name.slice(0, -1) : name).slice(1), 10);
        const key = floor + ":" + row;
        if (!rows[key]) {
          const b = box(name.replace(/^[A-Z]/, "A"));
          const r = document.createElement("div");
          r.setAttribute("role", "row");
          r.className = "cell-row";
          r.style.left = pct(b.x, lay.width);
          r.style.top = pct(b.y, lay.height);
          r.style.width = pct(lay.columns * lay.cell, lay.width);
          r.style.height = pct(lay.cell, lay.height);
          rows[key] = r;
          grid.appendChild(r);
        }
        const c = document.createElement("div");
        c.setAttribute("role", "gridcell");
        c.className = "sq";
        c.dataset.cell = name;
        rows[key].appendChild(c);
        cells[name] = c;
      }
      stage.appendChild(grid);
      board.appendChild(stage);
    }
    stage.querySelector(".picture").innerHTML = scene.svg;
    // Each cell says what it holds in its classes too (``sq trap``, a ``seg head`` inside).
    for (const [cell, e] of Object.entries(cells)) {
      const k = (scene.kinds || {})[cell] || {};
      e.className = "sq" + (k.kind ? " " + k.kind : "");
      e.replaceChildren();
      if (k.snake) {
        const seg = document.createElement("span");
        seg.className = "seg" + (k.part === "head" ? " head" : "") + (k.alive ? "" : " corpse");
        seg.dataset.snake = k.snake;
        e.appendChild(seg);
      }
    }
    marks = {};
    name();
  }

  function name() {
    for (const [cell, e] of Object.entries(cells)) {
      const extra = marks[cell];
      e.setAttribute("aria-label", (scene.cells[cell] || cell) + (extra ? ", " + extra.join(", ") : ""));
    }
  }

  // The preview: numbered steps, a cross where the snake would die, the powers' targets.
  // ``drawing``: {steps: [{cell, n, text}], death: {cell, text} | null,
  // marks: [{cell, kind: "trap"|"portal"|"dig", dir, slot, from, text}]}.
  function preview(drawing) {
    if (!layer) return;
    layer.innerHTML = "";
    marks = {};
    for (const e of Object.values(cells)) e.classList.remove("path", "danger", "target");
    const add = (cell, text) => { (marks[cell] = marks[cell] || []).push(text); };
    if (!drawing) { name(); return; }
    const size = scene.layout.cell;
    const dots = el("g", { class: "steps" }, layer);
    let last = drawing.start ? centre(drawing.start) : null;
    for (const s of drawing.steps) {
      const [x, y] = centre(s.cell);
      if (last && s.joined) el("line", { x1: last[0], y1: last[1], x2: x, y2: y, class: "link" }, dots);
      last = [x, y];
    }
    for (const s of drawing.steps) {
      const [x, y] = centre(s.cell);
      const g = el("g", { class: "step", "data-cell": s.cell, "data-step": s.n }, dots);
      el("circle", { cx: x, cy: y, r: size * 0.24 }, g);
      const t = el("text", { x, y: y + size * 0.11, "font-size": size * 0.3 }, g);
      t.textContent = s.n;
      if (cells[s.cell]) cells[s.cell].classList.add("path");
      add(s.cell, s.text);
    }
    if (drawing.death) {
      const b = box(drawing.death.cell);
      const g = el("g", { class: "death", "data-cell": drawing.death.cell }, layer);
      el("rect", { x: b.x + 2, y: b.y + 2, width: b.size - 4, height: b.size - 4 }, g);
      el("line", { x1: b.x + 6, y1: b.y + 6, x2: b.x + b.size - 6, y2: b.y + b.size - 6 }, g);
      el("line", { x1: b.x + b.size - 6, y1: b.y + 6, x2: b.x + 6, y2: b.y + b.size - 6 }, g);
      if (cells[drawing.death.cell]) cells[drawing.death.cell].classList.add("danger");
      add(drawing.death.cell, drawing.death.text);
    }
    for (const m of drawing.marks || []) {
      const b = box(m.cell);
      const g = el("g", { class: "target " + m.kind, "data-cell": m.cell, "data-kind": m.kind }, layer);
      if (m.kind === "trap") {
        el("rect", { x: b.x + 4, y: b.y + 4, width: b.size - 8, height: b.size - 8 }, g);
        const t = el("text", { x: b.x + b.size / 2, y: b.y + b.size * 0.62, "font-size": b.size * 0.34 }, g);
        t.textContent = "T";
      } else if (m.kind === "portal") {
        if (m.from) {
          const [fx, fy] = centre(m.from), [tx, ty] = centre(m.cell);
          el("line", { x1: fx, y1: fy, x2: tx, y2: ty, class: "ray" }, g);
        }
        const d = { U: [0, -1], D: [0, 1], L: [-1, 0], R: [1, 0] }[m.dir] || [0, 0];
        const [cx, cy] = centre(m.cell);
        el("ellipse", { cx: cx + d[0] * size * 0.38, cy: cy + d[1] * size * 0.38, rx: d[0] ? size * 0.1 : size * 0.42, ry: d[0] ? size * 0.42 : size * 0.1 }, g);
      } else {
        el("circle", { cx: b.x + b.size * 0.26, cy: b.y + b.size * 0.26, r: b.size * 0.2 }, g);
        const t = el("text", { x: b.x + b.size * 0.26, y: b.y + b.size * 0.35, "font-size": b.size * 0.24 }, g);
        t.textContent = "⛏";
      }
      if (cells[m.cell]) cells[m.cell].classList.add("target");
      add(m.cell, m.text);
    }
    name();
  }

  // The cell under a pointer, for taps on the board.
  function cellAt(target) {
    const c = target && target.closest ? target.closest(".sq[data-cell]") : null;
    return c ? c.dataset.cell : null;
  }

  window.SnakeBoard = { show, preview, cellAt, get scene() { return scene; } };
})();
