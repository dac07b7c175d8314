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

export async function showRooms(main) {
  const info = await serverInfo();
  if (!info.live) {
    main.append(el("p", { id: "viewer-only" }, "A viewer of replay files and run or tournament reports (botarena view), without a live game server; ",
      "live games are shown by botarena serve."));
    await showFiles(main);
    return null;
  }
  const table = el("table", { id: "rooms" });
  if (info.admin) main.append(playForm(info));
  main.append(el("h2", {}, "Rooms"), table);
  // the whole list first ("rooms"), then only what changed ("roomsChanged"): kept by id
  const rooms = new Map();
  const ws = socket((message) => {
    if (message.type === "rooms") rooms.clear();
    else if (message.type !== "roomsChanged") return;
    for (const room of message.rooms) rooms.set(room.id, room);
    for (const id of message.removed || []) rooms.delete(id);
    // live rooms in the order they were opened, then finished ones, newest first
    const live = [...rooms.values()].filter((room) => room.status !== "finished").sort((a, b) => a.order - b.order);
    const done = [...rooms.values()].filter((room) => room.status === "finished").sort((a, b) => b.order - a.order);
    table.replaceChildren(el("tr", {}, el("th", {}, "status"), el("th", {}, "game"), el("th", {}, "players"),
      el("th", {}, "turn"), el("th", {}, "result"), el("th", {}, "")));
    for (const room of [...live, ...done]) {
      const links = el("td", {}, el("a", { href: `#/live/${room.id}`, target: "_blank", class: "watch" }, "watch"));
      if (room.status === "finished") links.append(" ", el("a", { href: `#/room/${room.id}`, class: "replay" }, "replay"));
      table.append(el("tr", { "data-room": room.id, "data-status": room.status },
        el("td", {}, room.status), el("td", {}, room.game), el("td", {}, room.names.join(" – ")),
        el("td", {}, String(room.turn)), el("td", { title: room.resultWords?.official || "" }, room.resultWords?.text || room.result || ""), links));
    }
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
