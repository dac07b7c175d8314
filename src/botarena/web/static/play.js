// Human play: this browser holds a seat (its token is in the URL). The legal moves come from
// the server (our engine) with where each acts on the board; the board module's pick() lets
// the person choose one (its side panel holds buttons where needed), else a list of moves does.
// Above the board: the side the person plays, whose turn it is and, with a time per move, the
// time left (counted down here from the server's figure; the server's deadline is what counts).
import { el, parseXml } from "/static/api.js";
import { GameViewer } from "/static/viewer.js";
import { closeSocket, socket } from "/static/live.js";
import { playerLine, roomMoves } from "/static/replay.js";

const COUNTDOWN_MS = 200; // how often the time left is redrawn

function playStyle() { // the play page's own style sheet (play.css), added once
  if (document.getElementById("play-css")) return;
  document.head.append(el("link", { rel: "stylesheet", href: "/static/play.css", id: "play-css" }));
}

// A countdown from `seconds` (the server's time left when it sent the offer).
function countdown(box) {
  let timer = null;
  const stop = () => { clearInterval(timer); timer = null; box.hidden = true; box.textContent = ""; };
  const start = (seconds) => {
    stop();
    const deadline = performance.now() + seconds * 1000;
    const show = () => {
      const left = Math.max(0, (deadline - performance.now()) / 1000);
      box.textContent = `time left: ${left < 10 ? left.toFixed(1) : Math.ceil(left)} s`;
      box.classList.toggle("short", left < 10);
      if (left <= 0) clearInterval(timer);
    };
    box.hidden = false;
    show();
    timer = setInterval(show, COUNTDOWN_MS);
  };
  return { start, stop };
}

export async function showPlay(main, token, params) {
  playStyle();
  const title = el("h2", {}, "Your game");
  const youPlay = el("span", { id: "you-play", "data-testid": "you-play" });
  const status = el("span", { id: "turn-status" }, "waiting for the game to start…");
  const timeLeft = el("span", { id: "time-left", "data-testid": "time-left", hidden: "" });
  const clock = countdown(timeLeft);
  const moveList = el("div", { id: "moves" });
  main.append(title, el("p", { class: "play-status" }, youPlay, " ", status, " ", timeLeft));
  if (params && params.get("code")) {
    main.append(el("p", { id: "opponent-code" }, "Your opponent's seat is open: start a bot with reservation code ",
      el("code", {}, params.get("code")), " (for example botarena bot GAME PLAYER --reservation CODE)."));
  }
  let viewer = null;
  let board = null;
  let offer = null; // { state, moves, offers } while it is the person's turn
  let ws = null;
  let seat = null; // { index, side } from the server
  const send = (request) => ws.send(JSON.stringify(request));
  const choose = (index) => {
    offer = null;
    clock.stop();
    status.textContent = "move sent, waiting…";
    moveList.replaceChildren();
    send({ op: "move", seat: token, move: index });
    if (viewer) viewer.draw();
  };
  const showSide = () => {
    if (!seat || !seat.side) return;
    const swatches = viewer?.board?.sideColours ? viewer.board.sideColours(seat.index) : [];
    youPlay.replaceChildren(`you play ${seat.side}`, ...swatches.map((color) =>
      el("span", { class: "swatch", style: `background: ${color}` })));
  };
  // Whose turn it is while the person waits: the seat to move in the newest state.
  const showWaiting = () => {
    if (offer || !viewer || !viewer.board?.toMove || viewer.finished) return;
    const state = viewer.state(viewer.states.length - 1);
    const turn = state ? viewer.board.toMove(state) : null;
    const player = turn ? viewer.players[turn.seat] : null;
    if (!player || !seat) return;
    status.textContent = turn.seat === seat.index ? "your turn is coming…"
      : `waiting for ${player.name}${player.side ? ` (${player.side})` : ""} to move…`;
  };
  ws = socket(async (message) => {
    {
      if (message.type === "turn") {
        if (message.seatIndex !== null && message.seatIndex !== undefined) { seat = { index: message.seatIndex, side: message.side }; showSide(); }
        if (!message.moves.length) clock.stop();
        if (message.room && !viewer) {
          send({ op: "watch", room: message.room });
          viewer = new GameViewer(main, "", { follow: true, moveSource: roomMoves(message.room) });
          viewer.root.firstElementChild.after(moveList); // the choices right beside the board
        }
        if (message.expired) { status.textContent = "nobody took this seat in time: it left the game"; offer = null; moveList.replaceChildren(); }
        else if (message.timedOut) { status.textContent = "time is up: your seat left the game"; offer = null; moveList.replaceChildren(); }
        else if (message.over) { status.textContent = "the game is over"; offer = null; moveList.replaceChildren(); }
        else if (message.moves.length) {
          offer = { state: parseXml(message.state), moves: message.moves.map(parseXml), offers: message.offers, pieces: message.pieces || {} };
          const limit = message.timeLimit ? `, ${message.timeLimit} s per move` : "";
          status.textContent = `your move (${message.moves.length} legal moves${limit})`;
          if (message.timeLeft !== null && message.timeLeft !== undefined) clock.start(message.timeLeft);
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
          board.pick(svg, offer.state, offer.moves, choose, { offers: offer.offers, panel: moveList, pieces: offer.pieces });
        };
        viewer.setStates([...message.replay.states], [...message.replay.moveMs]);
        viewer.setPlayers(message.replay.players);
        viewer.go(message.replay.states.length - 1);
        if (message.resultText) viewer.setResult(message.resultText, message.replay.resultWords);
        showSide();
        if (offer) showOffer();
        else showWaiting();
      } else if (message.type === "players" && viewer) {
        viewer.setPlayers(message.players); // the game started: the names are known
        title.textContent = `${viewer.game}: ${playerLine({ players: message.players })}`;
        showWaiting();
      } else if (message.type === "state" && viewer) {
        viewer.addState(message.xml, message.moveMs);
        showWaiting();
      } else if (message.type === "result" && viewer) {
        if (message.players) viewer.setPlayers(message.players);
        viewer.setResult(message.text, message.words);
        clock.stop();
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
  return () => { clock.stop(); closeSocket(ws); if (viewer) viewer.destroy(); };
}
