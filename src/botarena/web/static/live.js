// Live rooms over the WebSocket: the room list, and one room watched as it is played.
import { el, serverInfo } from "/static/api.js";
import { GameViewer } from "/static/viewer.js";

function socket(onMessage, onOpen) {
  const ws = new WebSocket(`ws://${location.host}/ws`);
  ws.addEventListener("open", () => onOpen(ws));
  ws.addEventListener("message", async (event) => {
    for (const message of JSON.parse(event.data)) await onMessage(message); // a frame holds a list
  });
  ws.addEventListener("close", () => { const s = document.getElementById("status"); if (s) s.textContent = "disconnected"; });
  return ws;
}

export async function showRooms(main) {
  const info = await serverInfo();
  if (!info.live) {
    main.append(el("p", {}, "No game server here (botarena view): see ", el("a", { href: "#/files" }, "replays & reports"), "."));
    return null;
  }
  const table = el("table", { id: "rooms" });
  main.append(el("h2", {}, "Rooms"), table);
  const ws = socket((message) => {
    if (message.type !== "rooms") return;
    table.replaceChildren(el("tr", {}, el("th", {}, "status"), el("th", {}, "game"), el("th", {}, "players"),
      el("th", {}, "turn"), el("th", {}, "result"), el("th", {}, "")));
    for (const room of message.rooms) {
      const links = el("td", {}, el("a", { href: `#/live/${room.id}`, target: "_blank", class: "watch" }, "watch"));
      if (room.status === "finished") links.append(" ", el("a", { href: `#/room/${room.id}`, class: "replay" }, "replay"));
      table.append(el("tr", { "data-room": room.id, "data-status": room.status },
        el("td", {}, room.status), el("td", {}, room.game), el("td", {}, room.names.join(" – ")),
        el("td", {}, String(room.turn)), el("td", {}, room.result || ""), links));
    }
  }, (ws) => ws.send(JSON.stringify({ op: "rooms" })));
  return () => ws.close();
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
        viewer = new GameViewer(main, replay.game, { follow: true });
        await viewer.load();
      }
      title.textContent = `${replay.game}: ${replay.names.join(" – ")} (live)`;
      viewer.setStates([...replay.states], [...replay.moveMs], replay.names);
      viewer.go(replay.states.length - 1);
      if (message.resultText) finish(message.resultText);
    } else if (message.type === "state" && viewer) {
      viewer.addState(message.xml, message.moveMs);
    } else if (message.type === "result" && viewer) {
      finish(message.text);
    }
  }, (ws) => ws.send(JSON.stringify({ op: "watch", room: roomId })));
  function finish(text) {
    viewer.setResult(text);
    if (!main.querySelector("#replay-link")) main.append(el("p", {}, el("a", { id: "replay-link", href: `#/room/${roomId}` }, "open the replay")));
  }
  return () => { ws.close(); if (viewer) viewer.destroy(); };
}
