// Live rooms over the WebSocket: the room list, and one room watched as it is played.
import { el, frameMessages, postJson, serverInfo } from "/static/api.js";
import { GameViewer } from "/static/viewer.js";
import { showFiles } from "/static/files.js";
import { playerLine, roomMoves } from "/static/replay.js";

// The header's connection status follows the page's current WebSocket: a socket closed by
// leaving its page (another page's socket has taken over) does not say "disconnected".
let current = null;
export function connectionStatus(ws, text) {
  if (ws !== current) return;
  const status = document.getElementById("status");
  if (status) status.textContent = text;
}

export function socket(onMessage, onOpen) {
  const ws = new WebSocket(`ws://${location.host}/ws`);
  current = ws;
  connectionStatus(ws, "connecting…");
  ws.addEventListener("open", () => { connectionStatus(ws, "connected"); onOpen(ws); });
  // Messages are handled one after the other, across frames too: a handler that awaits (the
  // first room snapshot loads its board) must not let later states overtake it.
  let handled = Promise.resolve();
  ws.addEventListener("message", (event) => {
    const messages = frameMessages(event.data); // a frame holds several
    handled = handled.then(async () => {
      for (const message of messages) await onMessage(message);
    }).catch((error) => setTimeout(() => { throw error; })); // reported as the page's error
  });
  ws.addEventListener("close", () => connectionStatus(ws, "disconnected"));
  return ws;
}

export function closeSocket(ws) {
  if (ws === current) { current = null; const status = document.getElementById("status"); if (status) status.textContent = ""; }
  ws.close();
}

// The room list: the server renders it into the page (a browser without WebSocket sees it);
// here it is kept up to date from the WebSocket with the same markup (web/room_list.py):
// filters and the page in the query (?game=&status=&page=, a link to a filtered page), live
// rooms in the order they were opened, then finished and closed ones, newest first.
export const ROOMS_PAGE_SIZE = 20; // web/room_list.py ROOMS_PAGE_SIZE
const STATUSES = ["waiting", "running", "finished", "closed"];

function roomFilter() {
  const params = new URLSearchParams(location.search);
  const page = Number(params.get("page") || "1");
  return { game: params.get("game") || "", status: params.get("status") || "", page: Number.isInteger(page) && page > 0 ? page : 1 };
}

function filterQuery(filter, page) {
  const params = new URLSearchParams();
  if (filter.game) params.set("game", filter.game);
  if (filter.status) params.set("status", filter.status);
  if (page !== 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

function options(name, values, chosen, every) {
  const select = el("select", { name, id: `filter-${name}` }, el("option", { value: "" }, every), ...values.map((v) => el("option", { value: v }, v)));
  select.value = chosen;
  return select;
}

function roomRow(room) {
  // a closed room is not watched any more: its replay shows what was played, if anything
  const links = el("td", {}, room.status === "closed" ? "" : el("a", { href: `#/live/${room.id}`, class: "watch" }, "watch"));
  if (room.status === "finished" || room.status === "closed") links.append(" ", el("a", { href: `#/room/${room.id}`, class: "replay" }, "replay"));
  const words = room.resultWords;
  const result = el("td", { class: "result" }, words ? words.text || "" : room.result || "");
  if (words && words.official) result.title = words.official; // the official German text on hover
  return el("tr", { "data-room": room.id, "data-status": room.status },
    el("td", {}, el("span", { class: `status status-${room.status}` }, room.status)), el("td", {}, room.game),
    el("td", {}, room.names.join(" – ")), el("td", {}, String(room.turn)), result, links);
}

// The table and the pager of the filtered list's page (the form above them stays: an update
// never takes a choice out of the person's hand).
function roomPage(list, filter) {
  const kept = list.filter((room) => (!filter.game || room.game === filter.game) && (!filter.status || room.status === filter.status));
  const pages = Math.max(1, Math.ceil(kept.length / ROOMS_PAGE_SIZE));
  const page = Math.min(filter.page, pages);
  const shown = kept.slice((page - 1) * ROOMS_PAGE_SIZE, page * ROOMS_PAGE_SIZE);
  const table = el("table", { id: "rooms" }, el("tr", {}, ...["status", "game", "players", "turn", "result", ""].map((h) => el("th", {}, h))));
  for (const room of shown) table.append(roomRow(room));
  const pager = el("nav", { id: "pager", "data-page": String(page), "data-pages": String(pages) });
  if (page > 1) pager.append(el("a", { rel: "prev", href: `/${filterQuery(filter, page - 1)}` }, "← newer"), " ");
  pager.append(el("span", { id: "page-of" }, `page ${page} of ${pages} (${kept.length} rooms)`));
  if (page < pages) pager.append(" ", el("a", { rel: "next", href: `/${filterQuery(filter, page + 1)}` }, "older →"));
  return [el("div", { class: "table-wrap" }, table), ...(shown.length ? [] : [el("p", { class: "none", id: "no-rooms" }, "none")]), pager];
}

function roomSection(filter, games) {
  const form = el("form", { id: "room-filter", method: "get", action: "/" },
    el("label", {}, "game ", options("game", games, filter.game, "every game")), " ",
    el("label", {}, "status ", options("status", STATUSES, filter.status, "every status")), " ",
    el("button", { type: "submit", id: "filter-apply" }, "filter"));
  return el("section", { id: "room-list" }, el("h2", {}, "Rooms"), form, ...roomPage([], filter));
}

export async function showRooms(main, served = null) {
  const info = await serverInfo();
  if (!info.live) {
    main.append(el("p", { id: "viewer-only" }, "A viewer of replay files and run or tournament reports (botarena view), without a live game server; ",
      "live games are shown by botarena serve."));
    await showFiles(main);
    return null;
  }
  if (info.admin) main.append(playForm(info));
  const filter = roomFilter();
  const games = info.games.map((game) => game.id);
  const section = served || roomSection(filter, games); // the server's list until the socket speaks
  main.append(section);
  // choosing a filter loads its page (a link to it), rendered by the server first
  const form = section.querySelector("#room-filter");
  form.addEventListener("change", () => form.requestSubmit());
  // the whole list first ("rooms"), then only what changed ("roomsChanged"): kept by id
  const rooms = new Map();
  const ws = socket((message) => {
    if (message.type === "rooms") rooms.clear();
    else if (message.type !== "roomsChanged") return;
    for (const room of message.rooms) rooms.set(room.id, room);
    for (const id of message.removed || []) rooms.delete(id);
    const open = (room) => room.status === "waiting" || room.status === "running";
    const live = [...rooms.values()].filter(open).sort((a, b) => a.order - b.order);
    const done = [...rooms.values()].filter((room) => !open(room)).sort((a, b) => b.order - a.order);
    for (const old of section.querySelectorAll(".table-wrap, #no-rooms, #pager")) old.remove();
    section.append(...roomPage([...live, ...done], filter));
  }, (ws) => ws.send(JSON.stringify({ op: "rooms" })));
  return () => closeSocket(ws);
}

function playForm(info) {
  const games = info.games.filter((game) => game.xmlStates);
  const game = el("select", { id: "play-game" }, ...games.map((g) => el("option", { value: g.id }, g.id)));
  const opponent = el("select", { id: "play-opponent" });
  const side = el("select", { id: "play-side" }, el("option", { value: "0" }, "first"), el("option", { value: "1" }, "second"));
  const password = el("input", { type: "password", id: "play-password", placeholder: "admin password" });
  const time = el("input", { type: "number", id: "play-time", min: "0.1", step: "any", placeholder: "no limit", title: "seconds per move for you; empty: no limit" });
  const fill = () => {
    const spec = games.find((g) => g.id === game.value);
    opponent.replaceChildren(...spec.players.map((p) => el("option", { value: p }, p)), el("option", { value: "open" }, "any bot that connects"));
  };
  game.addEventListener("change", fill);
  if (games.some((g) => g.id === info.defaultGame)) game.value = info.defaultGame; // the server's default game
  fill();
  const error = el("span", { class: "error" });
  const start = el("button", { id: "play-start", onclick: async () => {
    const seats = side.value === "0" ? ["human", opponent.value] : [opponent.value, "human"];
    try {
      const answer = await postJson("/api/prepare", { game: game.value, state: null, seats, timePerMove: time.value ? Number(time.value) : null }, { adminPassword: password.value });
      const open = Object.values(answer.codes || {});
      location.hash = `#/play/${answer.human}${open.length ? `?code=${encodeURIComponent(open[0])}` : ""}`;
    } catch (e) { error.textContent = String(e.message || e); }
  } }, "Play");
  const box = el("p", {}, "Play yourself: ", game, " as ", side, " against ", opponent, ", seconds per move ", time, " ");
  if (info.needsPassword) box.append(password, " ");
  box.append(start, " ", error);
  return box;
}

export async function showLiveRoom(main, roomId) {
  const title = el("h2", {}, `Room ${roomId}`);
  main.append(title);
  let viewer = null;
  const ws = socket(async (message) => {
    if (message.room !== roomId) { if (message.type === "error") title.after(el("p", { class: "error" }, message.text)); return; }
    if (message.type === "room") {
      const replay = message.replay;
      if (!viewer) {
        viewer = new GameViewer(main, replay.game, { follow: true, moveSource: roomMoves(roomId) });
        await viewer.load();
      }
      title.textContent = `${replay.game}: ${playerLine(replay)} (live)`;
      viewer.setStates([...replay.states], [...replay.moveMs], replay.names);
      viewer.setPlayers(replay.players);
      viewer.go(replay.states.length - 1);
      if (message.resultText) finish(message.resultText, replay.resultWords);
    } else if (message.type === "players" && viewer) {
      viewer.setPlayers(message.players); // the game started: the names are known
      title.textContent = `${viewer.game}: ${playerLine({ players: message.players })} (live)`;
    } else if (message.type === "state" && viewer) {
      viewer.addState(message.xml, message.moveMs);
    } else if (message.type === "result" && viewer) {
      if (message.players) viewer.setPlayers(message.players);
      finish(message.text, message.words);
    }
  }, (ws) => ws.send(JSON.stringify({ op: "watch", room: roomId })));
  function finish(text, words) {
    viewer.setResult(text, words);
    if (!main.querySelector("#replay-link")) main.append(el("p", {}, el("a", { id: "replay-link", href: `#/room/${roomId}` }, "open the replay")));
  }
  return () => { closeSocket(ws); if (viewer) viewer.destroy(); };
}
