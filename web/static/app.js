// bidbook's web page: draws what the engine (bidbook_web.js + .wasm, the
// command line's own functions) answers. No framework, no network after load.
import init, { Bidbook } from "./bidbook_web.js";

const $ = (id) => document.getElementById(id);
const SUITS = ["S", "H", "D", "C"];
const SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RANKS = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"];
const SEATS = ["N", "E", "S", "W"];
const SEAT_NAME = { N: "North", E: "East", S: "South", W: "West" };

// What the page measured (read by the browser test): milliseconds since
// navigation started.
window.bidbookTiming = {};
let book = null;

// ---------------------------------------------------------------- helpers

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v);
  }
  for (const c of children) if (c != null) node.append(c);
  return node;
}

/** A call token (1S, 3N, P, X, R) as a coloured element. */
function callNode(token) {
  const span = el("span", { class: "call", "data-call": token });
  if (token === "P") span.textContent = "Pass";
  else if (token === "X") span.textContent = "Dbl";
  else if (token === "R") span.textContent = "Rdbl";
  else {
    const strain = token[1];
    span.append(token[0]);
    if (strain === "N") span.append("NT");
    else span.append(el("span", { class: `suit-${strain}`, text: SYMBOL[strain] }));
  }
  return span;
}

/** A suit symbol in its colour. */
function suitNode(s) {
  return el("span", { class: `suit-${s}`, "aria-label": { S: "spades", H: "hearts", D: "diamonds", C: "clubs" }[s] }, SYMBOL[s]);
}

/** A shown range: "12–14", "5+", "—" when nothing is known, up to `top`. */
function range([min, max], top) {
  if (min === max) return String(min);
  if (max >= top) return min === 0 ? "—" : `${min}+`;
  return `${min}–${max}`;
}

function errorNode(message) {
  return el("pre", { class: "error", role: "alert" }, message);
}

function tokens(auction) {
  return auction.trim().split(/[\s:,]+/).filter((t) => t.length > 0);
}

function call(fn) {
  try {
    return { value: JSON.parse(fn()) };
  } catch (e) {
    return { error: e && e.message ? e.message : String(e) };
  }
}

function firstAnswer(name) {
  if (window.bidbookTiming.firstAnswer === undefined) {
    window.bidbookTiming.firstAnswer = performance.now();
    window.bidbookTiming.firstAnswerView = name;
    $("timing").textContent = `Engine ready in ${Math.round(window.bidbookTiming.ready)} ms, first answer in ${Math.round(window.bidbookTiming.firstAnswer)} ms.`;
  }
}

// ---------------------------------------------------------------- tabs

const TABS = ["bid", "explain", "deal", "rules"];
function showTab(name, focus = false) {
  for (const t of TABS) {
    const tab = $(`tab-${t}`);
    const on = t === name;
    tab.setAttribute("aria-selected", String(on));
    tab.tabIndex = on ? 0 : -1;
    $(`view-${t}`).hidden = !on;
    if (on && focus) tab.focus();
  }
  if (name === "deal" && !$("deal-result").hasChildNodes()) showDeal();
  if (location.hash !== `#${name}`) history.replaceState(null, "", `#${name}`);
}
function setupTabs() {
  TABS.forEach((t, i) => {
    const tab = $(`tab-${t}`);
    tab.addEventListener("click", () => showTab(t));
    tab.addEventListener("keydown", (e) => {
      let j = null;
      if (e.key === "ArrowRight") j = (i + 1) % TABS.length;
      else if (e.key === "ArrowLeft") j = (i + TABS.length - 1) % TABS.length;
      else if (e.key === "Home") j = 0;
      else if (e.key === "End") j = TABS.length - 1;
      if (j !== null) {
        e.preventDefault();
        showTab(TABS[j], true);
      }
    });
  });
}

// ---------------------------------------------------------------- bidding box

/** Draws the legal calls after `auctionInput`'s calls; a click adds the call. */
function drawBox(boxId, auctionInput, dealer, onChange) {
  const box = $(boxId);
  box.replaceChildren();
  const r = call(() => book.calls(auctionInput.value, dealer.value));
  if (r.error) return;
  const legal = new Set(r.value.legal);
  const add = (token) => {
    auctionInput.value = [...tokens(auctionInput.value), token].join(" ");
    onChange();
    const again = box.querySelector(`[data-call="${token}"]`) || box.querySelector("button");
    if (again) again.focus();
  };
  const button = (token, cls) => {
    const b = el("button", { type: "button", "data-call": token, class: cls || "" }, callNode(token));
    b.setAttribute("aria-label", token);
    b.addEventListener("click", () => add(token));
    return b;
  };
  const top = el("div", { class: "wide" });
  for (const [t, cls] of [["P", "pass"], ["X", "double"], ["R", "redouble"]]) {
    if (legal.has(t)) top.append(button(t, cls));
  }
  const undo = el("button", { type: "button", class: "undo", "aria-label": "Undo the last call" }, "Undo");
  undo.disabled = tokens(auctionInput.value).length === 0;
  undo.addEventListener("click", () => {
    auctionInput.value = tokens(auctionInput.value).slice(0, -1).join(" ");
    onChange();
    undo.focus();
  });
  top.append(undo);
  box.append(top);
  if (r.value.ended) {
    box.append(el("div", { class: "wide" }, el("small", { text: "The auction has ended." })));
    return;
  }
  box.append(el("div", { class: "wide" }, el("small", { text: `${SEAT_NAME[r.value.turn]} to call:` })));
  for (let level = 1; level <= 7; level++) {
    for (const s of ["C", "D", "H", "S", "N"]) {
      const t = `${level}${s}`;
      if (legal.has(t)) box.append(button(t));
    }
  }
}

// ---------------------------------------------------------------- Bid

const cardState = new Map(); // "SA" -> button

function handFromGrid() {
  return SUITS.map((s) => RANKS.filter((r) => cardState.get(s + r).getAttribute("aria-pressed") === "true").join("")).join(".");
}

/** Marks the grid from a plain hand text (x-notation leaves the grid empty for that suit). */
function gridFromHand(text) {
  const parts = text.trim().toUpperCase().replace(/10/g, "T").split(".");
  SUITS.forEach((s, i) => {
    const held = parts.length === 4 ? parts[i] : "";
    for (const r of RANKS) cardState.get(s + r).setAttribute("aria-pressed", String(held.includes(r)));
  });
  countCards();
}

function countCards() {
  let n = 0;
  for (const b of cardState.values()) if (b.getAttribute("aria-pressed") === "true") n++;
  $("bid-card-count").textContent = `${n} of 13 cards chosen`;
}

function setupCards() {
  const grid = $("bid-cards");
  for (const s of SUITS) {
    grid.append(el("span", { class: "suit" }, suitNode(s)));
    for (const r of RANKS) {
      const b = el("button", {
        type: "button",
        class: s === "H" || s === "D" ? "red" : "",
        "aria-pressed": "false",
        "aria-label": `${r === "T" ? "10" : r} of ${{ S: "spades", H: "hearts", D: "diamonds", C: "clubs" }[s]}`,
        "data-card": s + r,
      }, r === "T" ? "10" : r);
      b.addEventListener("click", () => {
        b.setAttribute("aria-pressed", String(b.getAttribute("aria-pressed") !== "true"));
        $("bid-hand").value = handFromGrid();
        countCards();
        updateBid();
      });
      cardState.set(s + r, b);
      grid.append(b);
    }
  }
  grid.append(el("span", { class: "count", id: "bid-card-count" }));
}

function updateBid() {
  const hand = $("bid-hand").value;
  const auction = $("bid-auction").value;
  const dealer = $("bid-dealer").value;
  const vul = $("bid-vul").value;
  drawBox("bid-box", $("bid-auction"), $("bid-dealer"), () => { updateBid(); });
  const out = $("bid-result");
  out.dataset.for = [hand, auction, dealer, vul].join("|");
  const r = call(() => book.bid(hand, auction, dealer, vul, true));
  if (r.error) {
    out.replaceChildren(errorNode(r.error));
    return;
  }
  const a = r.value;
  const answer = el("div", { class: "answer" });
  const head = el("p", {}, el("span", { class: "big", id: "bid-call", "data-call": a.call }, callNode(a.call)));
  head.append(el("span", { class: "expl", id: "bid-explanation", text: a.no_rule ? "No rule holds: Pass by default" : a.explanation }));
  if (a.alert) head.append(el("span", { class: "tag", text: "Alert" }));
  if (a.forcing !== "none" && a.forcing) head.append(el("span", { class: "tag", text: a.forcing.replace(/_/g, " ") }));
  answer.append(head);
  const dl = el("dl");
  dl.append(el("dt", { text: "Shows" }), el("dd", { id: "bid-meaning", text: a.meaning || "—" }));
  dl.append(el("dt", { text: "Rule" }), el("dd", { id: "bid-rule", text: a.rule ? `${a.rule}, priority ${a.priority}${a.flags ? `, flag ${a.flags}` : ""}${ruleLocation(a)}` : "none" }));
  answer.append(dl);
  answer.append(consideredTable(a));
  out.replaceChildren(answer);
  firstAnswer("bid");
}

function ruleLocation(a) {
  const c = (a.considered || []).find((c) => c.rule === a.rule && c.call === a.call);
  return c ? ` (${c.location})` : "";
}

function consideredTable(a) {
  const details = el("details", { id: "bid-considered" });
  const list = a.considered || [];
  details.append(el("summary", { text: `Every rule considered (${list.length})` }));
  if (list.length === 0) {
    details.append(el("p", { text: "No rule proposes any legal call here." }));
    return details;
  }
  const table = el("table");
  table.append(el("thead", {}, el("tr", {},
    el("th", { class: "num", text: "Priority" }), el("th", { text: "Call" }), el("th", { text: "Rule" }),
    el("th", { class: "hide-narrow", text: "Where" }), el("th", { text: "Why" }))));
  const body = el("tbody");
  for (const c of list) {
    let status;
    if (c.holds === null) status = "superseded default";
    else if (c.holds) status = "holds";
    else status = c.failed ? `fails: ${c.failed}${c.value !== null && c.value !== undefined ? ` (the hand has ${c.value})` : ""}` : "fails";
    const chosen = c.rule === a.rule && c.call === a.call;
    const cls = chosen ? "chosen" : c.holds ? "holds" : "fails";
    body.append(el("tr", { class: cls },
      el("td", { class: "num", text: String(c.priority) }), el("td", {}, callNode(c.call)), el("td", { text: c.rule }),
      el("td", { class: "hide-narrow", text: c.location }), el("td", { class: "status", text: (chosen ? "chosen: " : "") + status })));
  }
  table.append(body);
  details.append(el("div", { class: "scroll" }, table));
  return details;
}

// ---------------------------------------------------------------- Explain

function updateExplain() {
  const auction = $("explain-auction").value;
  const dealer = $("explain-dealer").value;
  const vul = $("explain-vul").value;
  drawBox("explain-box", $("explain-auction"), $("explain-dealer"), () => { updateExplain(); });
  const out = $("explain-result");
  out.dataset.for = [auction, dealer, vul].join("|");
  const r = call(() => book.explain(auction, dealer, vul));
  if (r.error) {
    out.replaceChildren(errorNode(r.error));
    return;
  }
  const calls = el("table", { id: "explain-calls" });
  calls.append(el("thead", {}, el("tr", {}, el("th", { class: "num", text: "#" }), el("th", { text: "Seat" }),
    el("th", { text: "Call" }), el("th", { text: "Meaning" }))));
  const body = el("tbody");
  r.value.calls.forEach((c, i) => {
    const meaning = el("td", { class: "meaning" });
    if (c.unexplained) meaning.append(el("em", { text: "unexplained: no rule proposes this call" }));
    else {
      if (c.explanation) meaning.append(el("strong", { text: c.explanation }), el("br"));
      meaning.append(c.shows);
      if (c.alert) meaning.append(el("span", { class: "tag", text: "Alert" }));
    }
    body.append(el("tr", { class: c.alert ? "alerted" : "" }, el("td", { class: "num", text: String(i + 1) }),
      el("td", { text: SEAT_NAME[c.seat] }), el("td", {}, callNode(c.call)), meaning));
  });
  if (r.value.calls.length === 0) body.append(el("tr", {}, el("td", { colspan: "4", text: "No calls yet: type them or use the bidding box." })));
  calls.append(body);

  const players = el("table", { id: "explain-players" });
  const head = el("tr", {}, el("th", { text: "Player" }), el("th", { class: "num", text: "HCP" }));
  for (const s of SUITS) head.append(el("th", { class: "num" }, suitNode(s)));
  players.append(el("thead", {}, head));
  const pbody = el("tbody");
  for (const seat of SEATS) {
    const p = r.value.players[seat];
    const row = el("tr", { "data-seat": seat }, el("td", { text: SEAT_NAME[seat] }), el("td", { class: "num hcp", text: range(p.hcp, 37) }));
    for (const s of SUITS) row.append(el("td", { class: `num len-${s}`, text: range(p.length[s], 13) }));
    pbody.append(row);
  }
  players.append(pbody);
  out.replaceChildren(el("div", { class: "scroll" }, calls), el("h2", { text: "What each player has shown" }), el("div", { class: "scroll" }, players));
  firstAnswer("explain");
}

// ---------------------------------------------------------------- Random deal

function showDeal() {
  const seed = Number($("deal-seed").value) >>> 0;
  const board = Math.max(1, Math.floor(Number($("deal-board").value) || 1));
  const out = $("deal-result");
  out.dataset.for = `${seed}|${board}`;
  const r = call(() => book.deal(seed, board));
  if (r.error) {
    out.replaceChildren(errorNode(r.error));
    return;
  }
  const d = r.value;
  // "N:S.H.D.C E… S… W…": hands from North round.
  const [first, ...rest] = d.deal.split(" ");
  const hands = [first.slice(2), ...rest];
  const start = SEATS.indexOf(first[0]);
  const diagram = el("div", { class: "diagram", id: "deal-diagram" });
  hands.forEach((h, i) => {
    const seat = SEATS[(start + i) % 4];
    const box = el("div", { class: `hand ${seat}`, "data-seat": seat }, el("h3", { text: SEAT_NAME[seat] + (d.dealer === seat ? " (dealer)" : "") }));
    h.split(".").forEach((cards, j) => {
      box.append(el("div", {}, suitNode(SUITS[j]), " ", cards.replace(/T/g, "10") || "—"));
    });
    diagram.append(box);
  });
  const vulText = { None: "None vulnerable", NS: "N-S vulnerable", EW: "E-W vulnerable", Both: "Both vulnerable" }[d.vul];
  diagram.append(el("div", { class: "centre" }, el("strong", { text: `Board ${d.board}` }), `Dealer ${SEAT_NAME[d.dealer]}`, el("span", { class: "vul-mark", text: vulText })));

  const grid = el("table", { class: "grid-auction", id: "deal-auction" });
  const order = ["W", "N", "E", "S"];
  grid.append(el("thead", {}, el("tr", {}, ...order.map((s) => el("th", { class: "num", text: SEAT_NAME[s] })))));
  const body = el("tbody");
  let row = el("tr");
  const skip = order.indexOf(d.dealer);
  for (let i = 0; i < skip; i++) row.append(el("td"));
  const notes = el("ol", { class: "notes", id: "deal-notes" });
  let col = skip;
  d.calls.forEach((c) => {
    if (col === 4) {
      body.append(row);
      row = el("tr");
      col = 0;
    }
    const cell = el("td", { class: "num" + (c.alert ? " alerted" : "") }, callNode(c.call));
    if (c.alert) cell.append(el("span", { class: "alert-mark", title: "alerted", text: "!" }));
    if (c.note) {
      cell.title = c.note;
      notes.append(el("li", {}, callNode(c.call), ` (${SEAT_NAME[c.seat]}${c.alert ? ", alerted" : ""}): ${c.note}`));
    }
    row.append(cell);
    col++;
  });
  body.append(row);
  grid.append(body);
  const contract = d.contract === "Pass" ? "Passed out" : `Contract ${d.contract} by ${SEAT_NAME[d.declarer]}`;
  const details = el("details", {}, el("summary", { text: "What each call means" }), notes);
  out.replaceChildren(diagram, el("p", { id: "deal-contract", class: "call" }, contract), grid, details);
  firstAnswer("deal");
}

// ---------------------------------------------------------------- Rulebook

function rulebookStatus() {
  const s = JSON.parse(book.summary());
  $("status").className = "";
  $("status").textContent = `Rulebook: ${s.name} — ${s.rules} rules, ${s.explanations} explanations.`;
  return s;
}

function useRulebook(next) {
  if (book) book.free();
  book = next;
  const s = rulebookStatus();
  const result = $("rules-result");
  result.replaceChildren(el("p", { id: "rules-loaded", text: `In use: ${s.name} (${s.rules} rules).` }));
  if (s.warnings.length) result.append(el("details", {}, el("summary", { text: `${s.warnings.length} warning(s)` }), el("pre", { class: "error", text: s.warnings.join("\n") })));
  updateAll();
}

function loadPasted() {
  const files = [];
  const main = $("rules-main").value;
  const macros = $("rules-macros").value;
  const explanations = $("rules-explanations").value;
  const source = macros.trim() !== "" || explanations.trim() !== "" || /\binclude\s*\(/.test(main);
  files.push([source ? "main.txt2" : "database.txt", main]);
  if (macros.trim() !== "") files.push(["macros.m4", macros]);
  if (explanations.trim() !== "") files.push(["explanations.txt", explanations]);
  for (const [name, text] of uploaded) if (!files.some(([n]) => n === name)) files.push([name, text]);
  const error = $("rules-error");
  try {
    const next = Bidbook.fromTexts("pasted", files.map(([n]) => n), files.map(([, t]) => t));
    error.hidden = true;
    error.textContent = "";
    useRulebook(next);
  } catch (e) {
    error.hidden = false;
    error.textContent = e && e.message ? e.message : String(e);
    $("rules-result").replaceChildren();
    error.focus();
  }
}

// Files uploaded besides the three boxes (topic files that main.txt2 includes, explanations-TOPIC.txt).
let uploaded = [];
async function readUploads(input) {
  uploaded = [];
  for (const file of input.files) {
    const text = await file.text();
    if (file.name === "main.txt2" || (input.files.length === 1 && file.name !== "macros.m4" && !file.name.startsWith("explanations"))) $("rules-main").value = text;
    else if (file.name === "macros.m4") $("rules-macros").value = text;
    else if (file.name === "explanations.txt") $("rules-explanations").value = text;
    else uploaded.push([file.name, text]);
  }
}

// ---------------------------------------------------------------- start

function updateAll() {
  updateBid();
  updateExplain();
  if (!$("view-deal").hidden || $("deal-result").hasChildNodes()) showDeal();
}

async function start() {
  setupTabs();
  setupCards();
  gridFromHand($("bid-hand").value);
  try {
    await init();
    window.bidbookTiming.wasm = performance.now();
    book = new Bidbook();
    window.bidbookTiming.ready = performance.now();
  } catch (e) {
    $("status").className = "bad";
    $("status").textContent = `The engine could not start: ${e && e.message ? e.message : e}`;
    return;
  }
  rulebookStatus();
  const initial = TABS.includes(location.hash.slice(1)) ? location.hash.slice(1) : "bid";
  showTab(initial);
  updateBid();
  updateExplain();

  $("bid-form").addEventListener("submit", (e) => { e.preventDefault(); updateBid(); });
  $("bid-hand").addEventListener("input", () => { gridFromHand($("bid-hand").value); updateBid(); });
  for (const id of ["bid-auction", "bid-dealer", "bid-vul"]) $(id).addEventListener("input", updateBid);
  $("explain-form").addEventListener("submit", (e) => { e.preventDefault(); updateExplain(); });
  for (const id of ["explain-auction", "explain-dealer", "explain-vul"]) $(id).addEventListener("input", updateExplain);
  $("deal-form").addEventListener("submit", (e) => { e.preventDefault(); showDeal(); });
  $("deal-random").addEventListener("click", () => {
    const seed = new Uint32Array(1);
    crypto.getRandomValues(seed);
    $("deal-seed").value = String(seed[0]);
    $("deal-board").value = String(1 + (seed[0] % 16));
    showDeal();
  });
  $("rules-form").addEventListener("submit", (e) => { e.preventDefault(); loadPasted(); });
  $("rules-files").addEventListener("change", (e) => readUploads(e.target));
  $("rules-sayc").addEventListener("click", () => {
    $("rules-error").hidden = true;
    useRulebook(new Bidbook());
  });
  document.body.dataset.ready = "true";
}

start();
