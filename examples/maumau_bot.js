#!/usr/bin/env node
// A Mau-Mau bot without botarena's SDK: plain TCP and JSON lines, Node.js, no packages.
// The protocol is docs/maumau-protocol.md; this file follows it message by message.
//
//   node examples/maumau_bot.js --host 127.0.0.1 --port 1338 --name NodeBot
//
// Strategy: the first card that fits, jacks kept for when nothing else does (wishing the
// suit we hold most of); draw when nothing fits.
"use strict";

const net = require("net");

const JACK = 4; // rank of a jack: rank = card >> 2 (card / 4), suit = card % 4
const NO_WISH = -1;

function parseArgs(argv) {
  const options = { host: "127.0.0.1", port: 1338, name: "NodeBot" };
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (!["--host", "--port", "--name"].includes(flag) || value === undefined) {
      console.error(`usage: node maumau_bot.js [--host H] [--port P] [--name N] (got ${flag})`);
      process.exit(2);
    }
    options[flag.slice(2)] = flag === "--port" ? Number(value) : value;
    i += 1;
  }
  if (!Number.isInteger(options.port) || options.port <= 0 || options.port > 65535) {
    console.error(`--port must be a port number, got ${argv[argv.indexOf("--port") + 1]}`);
    process.exit(2);
  }
  return options;
}

const suit = (card) => card % 4;
const rank = (card) => Math.floor(card / 4);

/** The cards of `hand` that may be played on `top` with the wish `wish` (-1: none). */
function legalCards(hand, top, wish) {
  if (wish !== NO_WISH) {
    return hand.filter((card) => suit(card) === wish && rank(card) !== JACK);
  }
  return hand.filter(
    (card) => suit(card) === suit(top) || rank(card) === rank(top) || rank(card) === JACK,
  );
}

/** The move line for a turn request, and the card it plays (null: we draw). */
function chooseMove(hand, top, wish) {
  const legal = legalCards(hand, top, wish);
  if (legal.length === 0) {
    return { card: null, line: { status: "skip", selectedCard: -1, wishedColor: NO_WISH, skipped: false } };
  }
  const plain = legal.filter((card) => rank(card) !== JACK);
  const card = plain.length > 0 ? plain[0] : legal[0];
  const counts = [0, 0, 0, 0];
  for (const other of hand) {
    if (other !== card && rank(other) !== JACK) counts[suit(other)] += 1;
  }
  const wished = counts.indexOf(Math.max(...counts));
  return { card, line: { status: "turn", selectedCard: card, wishedColor: wished, skipped: false } };
}

function main() {
  const options = parseArgs(process.argv.slice(2));
  const label = `maumau bot ${options.name}`;
  let name = options.name;
  let hand = [];
  let pending = null; // the card of our last play until the server rejects it or moves on
  let buffer = "";
  let over = false;

  const socket = net.createConnection({ host: options.host, port: options.port });
  socket.setNoDelay(true);
  socket.setEncoding("utf8");
  const send = (message) => socket.write(`${JSON.stringify(message)}\n`);

  function handle(message) {
    if ("sendName" in message) {
      send({ status: "okay", name });
    } else if ("setName" in message) {
      name = message.name; // ours, or the server's fallback "Bot <seat>"
      console.log(`${label}: seated as '${name}' on ${options.host}:${options.port}, waiting for an opponent (Mau-Mau)`);
    } else if ("topcard" in message) { // the turn request (lower-case c): answer it
      if (Array.isArray(message.hand)) {
        hand = message.hand.slice(); // only in our first request, draw-two cards included
      } else if (message.drawTwoCards === true) {
        hand.push(...message.drawedCards);
      }
      pending = null;
      const move = chooseMove(hand, message.topcard, message.wishedColor);
      if (move.card !== null) {
        hand.splice(hand.indexOf(move.card), 1);
        pending = move.card; // an accepted play gets no reply
      }
      send(move.line);
    } else if ("drawedCards" in message) { // a draw, or a penalty for a refused move
      if (message.status === "error" && pending !== null) hand.push(pending);
      if (message.drawedCards >= 0) hand.push(message.drawedCards);
      pending = null;
    } else if ("won" in message) {
      over = true;
      const winner = message.nameOfWinner === undefined ? "no winner" : `${message.nameOfWinner} wins`;
      console.log(`${label}: game over: ${winner}; ${name} holds ${hand.length} card${hand.length === 1 ? "" : "s"}`);
      socket.end();
    }
    // anything else ("gameStart", the announcements with "topCard") needs no answer
  }

  socket.on("data", (chunk) => {
    buffer += chunk;
    let end;
    while (!over && (end = buffer.search(/\r\n|\n|\r/)) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(buffer[end] === "\r" && buffer[end + 1] === "\n" ? end + 2 : end + 1);
      if (line === "") continue;
      let message;
      try {
        message = JSON.parse(line);
      } catch (error) {
        console.error(`${label}: the server sent a line that is no JSON: ${line}`);
        process.exitCode = 1;
        socket.destroy();
        return;
      }
      handle(message);
    }
  });
  socket.on("error", (error) => {
    console.error(`${label}: cannot play on ${options.host}:${options.port}: ${error.message}`);
    process.exitCode = 1;
  });
  socket.on("close", () => {
    if (!over && process.exitCode === undefined) {
      console.error(`${label}: the server closed the connection before the game ended`);
      process.exitCode = 1;
    }
  });
}

main();
