// Blokus human play: a tray of the pieces each colour has left (drawn as their shapes), the
// piece chosen from the mover's tray turned with rotate/flip (buttons, keys r and f), and a
// preview on the board under the mouse: legal (one of the server's placements) or illegal.
// A click on a legal preview plays that placement. The browser never decides legality: a
// preview is legal only when its cells are exactly those of an offer from the server.
import { child, children, moveButton, shape } from "/static/boards/common.js";

const TRAY_CELL = 10; // the mover's tray; the other colours' trays are smaller
const OTHER_CELL = 6;
const SIZE = 20;
let selection = { offers: null, piece: null, rotation: 0, flipped: false }; // kept across redraws
let keyHandler = null;

const key = (cells) => cells.map(([x, y]) => `${x},${y}`).sort().join(" ");

function normalised(cells) {
  const minX = Math.min(...cells.map(([x]) => x));
  const minY = Math.min(...cells.map(([, y]) => y));
  return { cells: cells.map(([x, y]) => [x - minX, y - minY]), minX, minY };
}

// The cell of an orientation the mouse holds: the one nearest its middle.
function anchorOf(cells) {
  const width = Math.max(...cells.map(([x]) => x));
  const height = Math.max(...cells.map(([, y]) => y));
  const distance = ([x, y]) => (x - width / 2) ** 2 + (y - height / 2) ** 2;
  return cells.reduce((best, cell) => (distance(cell) < distance(best) ? cell : best));
}

function pieceSvg(svgNs, cells, color, size) {
  const svg = document.createElementNS(svgNs, "svg");
  const width = Math.max(...cells.map(([x]) => x)) + 1;
  const height = Math.max(...cells.map(([, y]) => y)) + 1;
  svg.setAttribute("viewBox", `0 0 ${width * size} ${height * size}`);
  svg.setAttribute("width", String(width * size));
  svg.setAttribute("height", String(height * size));
  for (const [x, y] of cells) {
    shape(svg, "rect", { x: x * size + 0.5, y: y * size + 0.5, width: size - 1, height: size - 1, fill: color });
  }
  return svg;
}

function piecesLeft(state, color) {
  const list = child(state, `${color.toLowerCase()}Shapes`);
  return list ? children(list, "shape").map((node) => node.textContent.trim()) : [];
}

export function pickFromTray(svg, state, choose, { offers, panel, pieces = {} }, { cell, origin, colors, order }) {
  if (selection.offers !== offers) selection = { offers, piece: null, rotation: 0, flipped: false };
  const placements = offers.map((offer, index) => ({ offer, index })).filter(({ offer }) => offer.cells);
  const mover = placements[0]?.offer.color;
  const playable = new Set(placements.map(({ offer }) => offer.piece));
  const orientation = () => pieces[selection.piece][selection.rotation * 2 + (selection.flipped ? 1 : 0)];

  // where the chosen piece, turned as it is, may go: the mouse cell -> the offer's index
  let fits = new Map();
  const findFits = () => {
    fits = new Map();
    if (!selection.piece) return;
    const cells = orientation();
    const wanted = key(cells);
    const [ax, ay] = anchorOf(cells);
    for (const { offer, index } of placements) {
      if (offer.piece !== selection.piece) continue;
      const { cells: shapeCells, minX, minY } = normalised(offer.cells);
      if (key(shapeCells) === wanted && !fits.has(`${minX + ax},${minY + ay}`)) fits.set(`${minX + ax},${minY + ay}`, index);
    }
    for (const node of svg.querySelectorAll("[data-cell]")) node.classList.toggle("fits", fits.has(node.dataset.cell));
  };

  const layer = document.createElementNS(svg.namespaceURI, "g");
  layer.setAttribute("id", "placement-preview");
  const preview = (mouse) => {
    layer.replaceChildren();
    svg.removeAttribute("data-preview");
    if (!selection.piece || !mouse) return;
    const [mx, my] = mouse.split(",").map(Number);
    const cells = orientation();
    const [ax, ay] = anchorOf(cells);
    const legal = fits.has(mouse);
    svg.setAttribute("data-preview", legal ? "legal" : "illegal");
    for (const [x, y] of cells.map(([x, y]) => [x + mx - ax, y + my - ay])) {
      if (x < 0 || y < 0 || x >= SIZE || y >= SIZE) continue;
      shape(layer, "rect", { x: origin + x * cell + 3, y: origin + y * cell + 3, width: cell - 4, height: cell - 4, class: `preview ${legal ? "legal" : "illegal"}`, "data-preview": `${x},${y}` });
    }
  };
  let hovered = null;
  for (const node of svg.querySelectorAll("[data-cell]")) {
    node.addEventListener("mouseenter", () => { hovered = node.dataset.cell; preview(hovered); });
    node.addEventListener("click", () => { if (fits.has(node.dataset.cell)) choose(fits.get(node.dataset.cell)); });
  }
  svg.onmouseleave = () => { hovered = null; preview(null); }; // one handler: pick runs on each redraw
  for (const node of svg.querySelectorAll("[data-piece]")) node.style.pointerEvents = "none"; // the cell below takes the mouse
  svg.append(layer);

  // the trays, one per colour; the mover's pieces with a legal placement can be chosen
  const trays = document.createElement("div");
  trays.className = "trays";
  const drawTrays = () => {
    trays.replaceChildren();
    for (const color of order.includes(mover) ? [mover, ...order.filter((c) => c !== mover)] : order) { // the mover's first
      const tray = document.createElement("div");
      tray.className = "tray";
      tray.dataset.testid = "tray";
      tray.dataset.color = color;
      for (const piece of piecesLeft(state, color)) {
        if (!pieces[piece]) continue;
        const chosen = color === mover && piece === selection.piece;
        const item = document.createElement("button");
        item.className = "tray-piece";
        item.dataset.piece = piece;
        item.title = piece.toLowerCase().replace("_", " ");
        item.append(pieceSvg(svg.namespaceURI, chosen ? orientation() : pieces[piece][0], colors[color], color === mover ? TRAY_CELL : OTHER_CELL));
        if (chosen) item.classList.add("chosen");
        if (color === mover && playable.has(piece)) item.addEventListener("click", () => select(piece));
        else { item.disabled = true; if (color !== mover) item.classList.add("other"); }
        tray.append(item);
      }
      const label = document.createElement("div");
      label.className = color === mover ? "tray-label to-move" : "tray-label";
      label.textContent = `${color.toLowerCase()}${color === mover ? " (to place)" : ""}`;
      const group = document.createElement("div");
      group.className = "tray-group";
      group.append(label, tray);
      trays.append(group);
    }
  };
  const refresh = () => { drawTrays(); findFits(); preview(hovered); };
  const select = (piece) => { selection = { ...selection, piece, rotation: 0, flipped: false }; refresh(); };
  const rotate = () => {
    if (!selection.piece) return;
    // clockwise on the screen, flipped or not (a flip mirrors after the rotation)
    selection.rotation = (selection.rotation + (selection.flipped ? 3 : 1)) % 4;
    refresh();
  };
  const flip = () => { if (selection.piece) { selection.flipped = !selection.flipped; refresh(); } };
  const button = (id, label, action) => {
    const node = document.createElement("button");
    node.id = id;
    node.textContent = label;
    node.addEventListener("click", action);
    return node;
  };
  const hint = document.createElement("p");
  hint.id = "tray-hint";
  hint.textContent = "choose a piece of your tray, turn it (r, f) and click the board where it fits";
  const controls = document.createElement("div");
  controls.className = "tray-controls";
  controls.append(button("rotate", "rotate (r)", rotate), button("flip", "flip (f)", flip));
  panel.replaceChildren(hint, controls, trays,
    ...offers.flatMap((offer, index) => (offer.cells ? [] : [moveButton(offer, index, choose)])));
  if (keyHandler) document.removeEventListener("keydown", keyHandler);
  keyHandler = (event) => {
    if (!panel.contains(trays) || event.ctrlKey || event.metaKey || event.altKey) return; // Ctrl+R reloads
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    if (event.key === "r") rotate();
    else if (event.key === "f") flip();
  };
  document.addEventListener("keydown", keyHandler);
  refresh();
}
