// Human play: this browser holds a seat (its token is in the URL). The legal moves come from
// the server (our engine) with where each acts on the board; the board module's pick() lets
// the person choose one (its side panel holds buttons where needed), else a list of moves does.
import { el, parseXml } from "/static/api.js";
import { GameViewer } from "/static/viewer.js";
import { closeSocket, socket } from "/static/live.js";
import { playerLine, roomMoves } from "/static/replay.js";

export async function showPlay(main, token, params) {
  const title = el("h2", {}, "Your game");
  const status = el("p", { id: "turn-status" }, "waiting for the game to start…");
  const moveList = el("div", { id: "moves" });
  main.append(title, status);
  if (params && params.get("code")) {
    main.append(el("p", { id: "opponent-code" }, "Your opponent's seat is open: start a bot with reservation code ",
      el("code", {}, params.get("code")), " (for example botarena bot GAME PLAYER --reservation CODE)."));
  }
  let viewer = null;
  let board = null;
  let offer = null; // { state, moves, offers } while it is the person's turn
  let ws = null;
  const send = (request) => ws.send(JSON.stringify(request));
  const choose = (index) => {
    offer = null;
    status.textContent = "move sent, waiting…";
    moveList.replaceChildren();
    send({ op: "move", seat: token, move: index });
    if (viewer) viewer.draw();
  };
  ws = socket(async (message) => {
    {
      if (message.type === "turn") {
        if (message.room && !viewer) {
          send({ op: "watch", room: message.room });
          viewer = new GameViewer(main, "", { follow: true, moveSource: roomMoves(message.room) });
          main.append(moveList);
        }
        if (message.expired) { status.textContent = "nobody took this seat in time: it left the game"; offer = null; moveList.replaceChildren(); }
        else if (message.timedOut) { status.textContent = "time is up: your seat left the game"; offer = null; moveList.replaceChildren(); }
        else if (message.over) { status.textContent = "the game is over"; offer = null; moveList.replaceChildren(); }
        else if (message.moves.length) {
          offer = { state: parseXml(message.state), moves: message.moves.map(parseXml), offers: message.offers };
          const limit = message.timeLimit ? `, ${message.timeLimit} s` : "";
          status.textContent = `your move (${message.moves.length} legal moves${limit})`;
          if (viewer && board) { viewer.go(viewer.states.length - 1); showOffer(); }
        }
      } else if (message.type === "room" && viewer) {
        viewer.game = message.replay.game;
        await viewer.load();
        board = viewer.board;
        title.textContent = `${message.replay.game}: ${playerLine(message.replay)}`;
        viewer.extra = (svg) => {
          if (!offer || viewer.index !== viewer.states.length - 1 || !board.pick) return;
          board.draw(svg, offer.state, null); // the position the moves were computed for
          board.pick(svg, offer.state, offer.moves, choose, { offers: offer.offers, panel: moveList });
        };
        viewer.setStates([...message.replay.states], [...message.replay.moveMs]);
        viewer.setPlayers(message.replay.players);
        viewer.go(message.replay.states.length - 1);
        if (message.resultText) viewer.setResult(message.resultText, message.replay.resultWords);
        if (offer) showOffer();
      } else if (message.type === "state" && viewer) {
        viewer.addState(message.xml, message.moveMs);
      } else if (message.type === "result" && viewer) {
        if (message.players) viewer.setPlayers(message.players);
        viewer.setResult(message.text, message.words);
      } else if (message.type === "error") {
        status.textContent = message.text;
      }
    }
  }, () => send({ op: "seat", seat: token }));
  function showOffer() {
    viewer.draw();
    if (board.pick) return; // the board takes clicks
    moveList.replaceChildren(...offer.offers.map((move, index) =>
      el("button", { class: "move", "data-move": String(index), onclick: () => choose(index) }, move.label)));
  }
  return () => { closeSocket(ws); if (viewer) viewer.destroy(); };
}
