// A game viewer: the board of one state out of a list, with stepping, a scrub bar, playback
// at a chosen speed and the keyboard (←/→ one move, space play/pause, Home/End); the players
// with their sides and whose turn it is, the result in words (the official text on hover), and
// the move list beside the board (the season's notation from the server; click to jump).
import { boardFor, el, gameInfo, parseXml, postJson } from "/static/api.js";

const SVG = "http://www.w3.org/2000/svg";
const SPEEDS = [0.25, 0.5, 1, 2, 4, 8];
const SCORE_DELAY_MS = 150;
const MOVES_RETRY_MS = 500; // a live game's later moves are asked again after this

export class GameViewer {
  constructor(container, game, { follow = false, onTurn = null, moveSource = null } = {}) {
    this.game = game;
    this.states = [];
    this.parsed = [];
    this.moveMs = [];
    this.names = [];
    this.players = []; // [{ name, side }] per seat
    this.moves = []; // per state: the notation of the move that led to it (null: none; undefined: not known yet)
    this.moveSource = moveSource; // async (from) => notations of states from `from` on
    this.movesAsked = false;
    this.finished = false;
    this.scores = new Map(); // index -> Promise of the score parts our engine computes
    this.index = 0;
    this.follow = follow;
    this.onTurn = onTurn;
    this.playing = null;
    this.speed = 1;
    this.extra = null; // a callback adding to the board (human play)
    this.root = el("div", { class: "viewer" });
    this.svg = document.createElementNS(SVG, "svg");
    this.svg.setAttribute("id", "board");
    const board = el("div", { class: "board" });
    board.append(this.svg);
    this.slider = el("input", { type: "range", min: "0", max: "0", value: "0", id: "scrub" });
    this.slider.addEventListener("input", () => this.go(Number(this.slider.value)));
    const button = (label, id, action) => el("button", { id, onclick: action }, label);
    this.playButton = button("play", "play", () => this.toggle());
    const speed = el("select", { id: "speed" });
    for (const value of SPEEDS) {
      const option = el("option", { value: String(value) }, `${value}×`);
      if (value === 1) option.selected = true;
      speed.append(option);
    }
    speed.addEventListener("change", () => { this.speed = Number(speed.value); if (this.playing) { this.stop(); this.toggle(); } });
    const controls = el("div", { class: "controls" },
      button("start", "first", () => this.go(0)), button("−10", "back10", () => this.go(this.index - 10)),
      button("−1", "back", () => this.go(this.index - 1)), this.playButton,
      button("+1", "forward", () => this.go(this.index + 1)), button("+10", "forward10", () => this.go(this.index + 10)),
      button("end", "last", () => this.go(this.states.length - 1)), " ", this.slider, " ", speed,
      el("span", { id: "position" }));
    this.panel = el("dl", { class: "panel", id: "panel" });
    this.resultBox = el("p", { class: "result", id: "result", "data-testid": "result" });
    this.playersBox = el("p", { class: "players", id: "players", "data-testid": "players" });
    this.moveList = el("ol", { class: "move-list", id: "move-list", "data-testid": "move-list" });
    const left = el("div", {}, board, controls);
    const right = el("div", {}, this.panel);
    const moves = el("div", { class: "moves" }, el("h3", {}, "Moves"), this.moveList);
    this.root.append(left, moves, right);
    container.append(this.playersBox, this.resultBox, this.root); // the result is a banner above the board
    this.keys = (event) => this.key(event);
    document.addEventListener("keydown", this.keys);
  }

  async load() { this.board = await boardFor(this.game); }

  setStates(states, moveMs = [], names = [], moves = []) {
    this.states = states;
    this.parsed = new Array(states.length);
    this.moveMs = moveMs;
    this.names = names;
    this.scores = new Map();
    this.slider.max = String(Math.max(states.length - 1, 0));
    this.moves = [];
    this.moveList.replaceChildren();
    this.setMoves(0, moves);
    this.askMoves();
  }

  addState(xml, moveMs, move = undefined) {
    const wasLast = this.index >= this.states.length - 1;
    this.states.push(xml);
    this.parsed.push(undefined);
    this.moveMs.push(moveMs);
    this.slider.max = String(this.states.length - 1);
    this.setMoves(this.states.length - 1, [move]);
    this.askMoves();
    if (this.follow && wasLast) this.go(this.states.length - 1);
    else this.updatePosition();
  }

  // The move list: one entry per move (state 1 on), "N. notation"; entry N shows state N.
  setMoves(from, moves) {
    moves.forEach((move, i) => { if (move !== undefined) this.moves[from + i] = move; });
    for (let index = Math.max(1, from); index < Math.max(this.states.length, from + moves.length); index++) {
      let item = this.moveList.children[index - 1];
      if (!item) {
        item = el("li", { "data-index": String(index), onclick: () => this.go(index) });
        this.moveList.append(item);
      }
      item.textContent = `${index}. ${this.moves[index] === undefined ? "…" : this.moves[index] ?? "–"}`;
      item.classList.toggle("current", index === this.index);
    }
  }

  // Moves the viewer has no notation for yet are asked from the server (one request at a time).
  async askMoves() {
    if (!this.moveSource || this.movesAsked) return;
    const missing = this.missingMove();
    if (missing < 0) return;
    this.movesAsked = true;
    try {
      const moves = await this.moveSource(missing);
      if (moves.length) this.setMoves(missing, moves);
    } catch {
      // the server is busy or the room is gone: the list keeps its placeholders
    } finally {
      this.movesAsked = false;
    }
    if (this.missingMove() > missing) setTimeout(() => this.askMoves(), MOVES_RETRY_MS);
  }

  missingMove() {
    for (let index = 1; index < this.states.length; index++) if (this.moves[index] === undefined) return index;
    return -1;
  }

  setPlayers(players) {
    this.players = players || [];
    this.showPlayers();
  }

  showPlayers() {
    const state = this.state(this.index);
    const turn = state && this.board && this.board.toMove && !(this.finished && this.index === this.states.length - 1) ? this.board.toMove(state) : null;
    this.playersBox.replaceChildren();
    this.players.forEach((player, seat) => {
      if (seat > 0) this.playersBox.append(" vs ");
      const label = player.side ? `${player.name} (${player.side})` : player.name;
      this.playersBox.append(el("span", { class: turn && turn.seat === seat ? "player to-move" : "player", "data-seat": String(seat) }, label));
    });
    if (turn && this.players[turn.seat]) {
      const player = this.players[turn.seat];
      const side = player.side ? ` (${player.side}${turn.detail ? `, ${turn.detail}` : ""})` : "";
      this.playersBox.append(el("span", { class: "turn", id: "to-move" }, ` · to move: ${player.name}${side}`));
    }
  }

  state(index) {
    if (index < 0 || index >= this.states.length) return null;
    if (!this.parsed[index]) this.parsed[index] = parseXml(this.states[index]);
    return this.parsed[index];
  }

  go(index) {
    if (this.states.length === 0) return;
    this.index = Math.max(0, Math.min(this.states.length - 1, index));
    this.draw();
    if (this.onTurn) this.onTurn(this.index);
  }

  draw() {
    const state = this.state(this.index);
    if (!state || !this.board) return;
    this.board.draw(this.svg, state, this.state(this.index - 1));
    this.svg.setAttribute("data-index", String(this.index));
    if (this.extra) this.extra(this.svg, state);
    this.slider.value = String(this.index);
    this.updatePosition();
    this.showPlayers();
    for (const item of this.moveList.querySelectorAll("li.current")) item.classList.remove("current");
    const current = this.moveList.children[this.index - 1];
    if (current) {
      current.classList.add("current");
      const list = this.moveList; // scrolls by itself (positioned: offsetTop is within it)
      if (list.scrollHeight > list.clientHeight) list.scrollTop = current.offsetTop - list.clientHeight / 2;
    }
    const facts = this.board.facts(state);
    const ms = this.moveMs[this.index];
    if (ms !== null && ms !== undefined) facts.push(["Move time", `${ms.toFixed(1)} ms`]);
    this.panel.replaceChildren();
    for (const [term, value] of facts) this.panel.append(el("dt", {}, term), el("dd", {}, String(value)));
    this.showScore(this.index);
  }

  // The score parts of a state come from the server (the season's render.score_text); asked
  // only for a state that stays on the board a moment, so a fast live game or a scrub sends
  // the server no request per state.
  async showScore(index) {
    if (!this.scores.has(index)) {
      await new Promise((resolve) => setTimeout(resolve, SCORE_DELAY_MS));
      if (index !== this.index) return;
      if (!this.scores.has(index)) this.scores.set(index, this.fetchScore(this.states[index]));
    }
    const text = await this.scores.get(index);
    if (text === null || index !== this.index || this.panel.querySelector("#score")) return;
    this.panel.append(el("dt", {}, "Score"), el("dd", { id: "score" }, text));
  }

  async fetchScore(state) {
    const game = await gameInfo(this.game);
    if (!game || !game.xmlStates) return null;
    try {
      return (await postJson("/api/score", { game: game.id, state })).score;
    } catch {
      return null;
    }
  }

  updatePosition() {
    this.root.querySelector("#position").textContent = ` ${this.index} / ${Math.max(this.states.length - 1, 0)}`;
  }

  // The result in words (words: { text, official } from the server), else the given text; the
  // official (German) reason is on hover.
  setResult(text, words = null) {
    this.finished = Boolean(words || text);
    this.resultBox.textContent = (words && words.text) || text || "";
    if (words && words.official) this.resultBox.title = words.official;
    else this.resultBox.removeAttribute("title");
    this.showPlayers();
  }

  toggle() {
    if (this.playing) { this.stop(); return; }
    this.playButton.textContent = "pause";
    this.playing = setInterval(() => {
      if (this.index >= this.states.length - 1) { if (!this.follow) this.stop(); return; }
      this.go(this.index + 1);
    }, 1000 / this.speed);
  }

  stop() {
    clearInterval(this.playing);
    this.playing = null;
    this.playButton.textContent = "play";
  }

  key(event) {
    if (event.target instanceof HTMLInputElement && event.target.type !== "range") return;
    const steps = { ArrowLeft: -1, ArrowRight: 1, PageUp: -10, PageDown: 10 };
    if (event.key in steps) this.go(this.index + steps[event.key]);
    else if (event.key === "Home") this.go(0);
    else if (event.key === "End") this.go(this.states.length - 1);
    else if (event.key === " ") this.toggle();
    else return;
    event.preventDefault();
  }

  destroy() {
    this.stop();
    document.removeEventListener("keydown", this.keys);
  }
}
