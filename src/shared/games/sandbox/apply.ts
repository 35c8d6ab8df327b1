/**
 * The sandbox's moves: what a person can do with their hands at a table with no rules coded.
 * Anything a hand could do is legal for the seat whose turn it is; what is refused is what a hand
 * could not do (a card that is not on the table, a zone that does not exist, another seat's hand,
 * drawing from an empty deck). Events say what happened, for the log, and which seats learned which
 * cards (`reveal`): a private draw or a peek is a reveal to that seat only, so a player cannot undo
 * past it, and a card turned face up is a reveal to all.
 */
import { ENGINE_ERRORS, engineError } from '../../engine/errors';
import type { ApplyResult, EngineError } from '../../engine/types';
import { Draft, handOf, place, runAction, seesAfter, zoneHolding, zoneOf } from './state';
import type { SandboxMove, SandboxState } from './types';

const MOVE_TYPES = new Set(['move', 'flip', 'rotate', 'shuffle', 'deal', 'draw', 'peek', 'search', 'reveal', 'split', 'counter', 'roll', 'piece', 'button', 'pass', 'end']);
const bad = (zh: string, en: string): EngineError => engineError(ENGINE_ERRORS.BAD_MOVE, zh, en);
const illegal = (zh: string, en: string): EngineError => engineError(ENGINE_ERRORS.ILLEGAL, zh, en);
const isInt = (v: unknown, min: number, max: number): v is number => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;

/** Who knew which card a card index was before this move: everyone (face up), its hand's seat, or nobody. */
function knewBefore(s: SandboxState, i: number, zoneKeyOfCard: string | null): number[] {
  if (s.cards[i]!.up) return Array.from({ length: s.players }, (_, k) => k);
  const z = zoneKeyOfCard ? zoneOf(s.options, zoneKeyOfCard) : null;
  return z && z.def.kind === 'hand' && z.owner !== null ? [z.owner] : [];
}

/** Check a list of card indexes: whole numbers of cards on the table, no repeats, none in another seat's hand. */
function checkCards(s: SandboxState, seat: number, cards: unknown): EngineError | null {
  if (!Array.isArray(cards) || cards.length === 0 || cards.length > s.cards.length) return bad('没有选中任何牌：先点一下牌把它拿起来。', 'No card is selected: click a card to pick it up first.');
  if (!cards.every((i) => isInt(i, 0, s.cards.length - 1)) || new Set(cards).size !== cards.length) return bad('选中的牌不在桌上了：重新选一次。', 'A selected card is no longer on the table: pick the cards again.');
  for (const i of cards as number[]) {
    const key = Object.keys(s.zones).find((k) => s.zones[k]!.includes(i));
    const z = key ? zoneOf(s.options, key) : null;
    if (z && z.def.kind === 'hand' && z.owner !== seat) return illegal('不能动别人手里的牌：只能动自己的手牌和公共的牌。', "You cannot touch another seat's hand: only your own hand and the shared cards.");
  }
  return null;
}

/** Apply one move. Pure; never throws for a bad move. */
export function applyMove(s: SandboxState, m: SandboxMove): ApplyResult<SandboxState> {
  if (typeof m !== 'object' || m === null || !MOVE_TYPES.has((m as { type?: string }).type ?? '') || !isInt((m as { seat?: number }).seat, 0, s.players - 1))
    return bad('这不是牌桌上的动作：用牌桌上的按钮、拖动或快捷键来操作。', "That is not a table action: use the table's buttons, drags or keys.");
  if (s.ended) return engineError(ENGINE_ERRORS.GAME_OVER, '这局试玩已经结束：开一局新的试玩，或用“回放”看这一局。', 'This playtest has ended: start a new one, or watch this one with Replay.');
  if (m.seat !== s.active) return engineError(ENGINE_ERRORS.NOT_YOUR_TURN, `现在轮到座位 ${s.active + 1}：等这个座位结束回合再操作。`, `It is seat ${s.active + 1}'s turn: wait until that seat ends its turn.`);
  const d = new Draft(s);
  // A peek lasts until the seat does something else.
  if (m.type !== 'peek' && m.type !== 'search' && s.peeks[m.seat]) {
    const { [m.seat]: _gone, ...rest } = s.peeks;
    d.peeks = rest;
  }
  const zone = (key: unknown): EngineError | null => (typeof key === 'string' && d.zones[key] ? null : bad('没有这个区域：把牌放到桌上已有的区域。', 'There is no such zone: put the cards on a zone the table has.'));
  const notOthersHand = (key: string): EngineError | null => {
    const z = zoneOf(s.options, key);
    return z && z.def.kind === 'hand' && z.owner !== m.seat ? illegal('不能动别人的手牌：只能用自己的手牌和公共区域。', "You cannot reach into another seat's hand: use your own hand and the shared zones.") : null;
  };

  switch (m.type) {
    case 'move': {
      const e = checkCards(s, m.seat, m.cards) ?? zone(m.to);
      if (e) return e;
      if (m.at !== undefined && m.at !== 'top' && m.at !== 'bottom') return bad('位置只能是 top 或 bottom。', 'The place must be top or bottom.');
      if ((m.x !== undefined && !Number.isFinite(m.x)) || (m.y !== undefined && !Number.isFinite(m.y))) return bad('位置不是数字。', 'The position is not a number.');
      if (m.up !== undefined && typeof m.up !== 'boolean') return bad('正反面只能是 true 或 false。', 'Face up must be true or false.');
      const from = m.cards.map((i) => zoneHolding(d, i));
      const knew = m.cards.map((i, k) => knewBefore(s, i, from[k]!));
      place(d, m.cards, m.to, { at: m.at, x: m.x, y: m.y, up: m.up });
      const shown = revealOf(d, m.cards, m.to, knew);
      d.events.push({ type: 'move', seat: m.seat, from: [...new Set(from)], to: m.to, n: m.cards.length, ...shown });
      break;
    }
    case 'flip': {
      const e = checkCards(s, m.seat, m.cards);
      if (e) return e;
      const knew = m.cards.map((i) => knewBefore(s, i, zoneHolding(d, i)));
      for (const i of m.cards) d.card(i).up = !s.cards[i]!.up;
      const up = m.cards.filter((i) => d.cards[i]!.up);
      const everyone = Array.from({ length: s.players }, (_, k) => k);
      const news = up.length > 0 && up.some((i) => knew[m.cards.indexOf(i)]!.length < s.players);
      d.events.push({
        type: 'flip',
        seat: m.seat,
        n: m.cards.length,
        up: up.length,
        ...(news ? { reveal: 'all', knownBy: everyone.filter((k) => up.every((i) => knew[m.cards.indexOf(i)]!.includes(k))), cards: up.map((i) => d.cards[i]!.c) } : {}),
      });
      break;
    }
    case 'rotate': {
      const e = checkCards(s, m.seat, m.cards);
      if (e) return e;
      if (m.by !== 90 && m.by !== 180 && m.by !== 270) return bad('只能转 90、180 或 270 度。', 'Turn by 90, 180 or 270 degrees.');
      for (const i of m.cards) d.card(i).rot = (((s.cards[i]!.rot + m.by) % 360) as 0 | 90 | 180 | 270);
      d.events.push({ type: 'rotate', seat: m.seat, n: m.cards.length, by: m.by });
      break;
    }
    case 'shuffle': {
      const e = zone(m.zone) ?? notOthersHand(m.zone);
      if (e) return e;
      runAction(d, { do: 'shuffle', zone: m.zone }, m.seat);
      break;
    }
    case 'deal': {
      const e = zone(m.from) ?? notOthersHand(m.from);
      if (e) return e;
      const def = s.options.zones.find((z) => z.id === m.to);
      if (!def?.perSeat) return bad('只能发到每个座位各一个的区域（如手牌）。', 'Deal to a zone each seat has (a hand, say).');
      if (!isInt(m.count, 1, 100)) return bad('每人发 1–100 张。', 'Deal 1 to 100 cards each.');
      if (!d.zones[m.from]!.length) return illegal('这一叠已经空了：先把牌放回去（比如洗回弃牌），或从别的牌堆发。', 'That pile is empty: put cards back first (shuffle the discards in, say), or deal from another pile.');
      runAction(d, { do: 'deal', from: m.from, to: m.to, count: m.count }, m.seat);
      break;
    }
    case 'draw': {
      const e = zone(m.from) ?? notOthersHand(m.from);
      if (e) return e;
      if (!isInt(m.count, 1, 100)) return bad('一次摸 1–100 张。', 'Draw 1 to 100 cards at a time.');
      const hand = handOf(s, m.seat);
      if (!hand) return illegal('这张牌桌没有手牌区：在 table.json 里加一个 hand 区域。', 'This table has no hands: add a hand zone to table.json.');
      const pile = d.zones[m.from]!;
      if (!pile.length) return illegal('这一叠已经空了：先把牌放回去，或从别的牌堆摸。', 'That pile is empty: put cards back first, or draw from another pile.');
      const take = m.bottom ? pile.slice(0, m.count) : pile.slice(-m.count).reverse();
      const knew = take.map((i) => knewBefore(s, i, m.from));
      place(d, take, hand, {}, m.from);
      const news = knew.some((k) => !k.includes(m.seat));
      d.events.push({ type: 'draw', seat: m.seat, from: m.from, n: take.length, bottom: !!m.bottom, ...(news ? { reveal: [m.seat], cards: take.map((i) => d.cards[i]!.c) } : {}) });
      break;
    }
    case 'peek':
    case 'search': {
      const e = zone(m.zone) ?? notOthersHand(m.zone);
      if (e) return e;
      const pile = d.zones[m.zone]!;
      if (!pile.length) return illegal('这一叠是空的，没有可看的牌。', 'That pile is empty: there is nothing to look at.');
      if (m.type === 'peek' && !isInt(m.count, 1, 100)) return bad('一次看 1–100 张。', 'Look at 1 to 100 cards.');
      const seen = m.type === 'peek' ? pile.slice(-m.count).reverse() : [...pile].reverse();
      d.peeks = { ...d.peeks, [m.seat]: seen };
      d.events.push({ type: m.type, seat: m.seat, zone: m.zone, n: seen.length, reveal: [m.seat], cards: seen.map((i) => s.cards[i]!.c) });
      break;
    }
    case 'reveal': {
      const e = checkCards(s, m.seat, m.cards);
      if (e) return e;
      const hand = handOf(s, m.seat);
      if (!hand || !m.cards.every((i) => d.zones[hand]!.includes(i))) return illegal('只能亮出自己手里的牌。', 'You can only show cards from your own hand.');
      for (const i of m.cards) d.card(i).up = true;
      d.events.push({ type: 'reveal', seat: m.seat, n: m.cards.length, reveal: 'all', knownBy: [m.seat], cards: m.cards.map((i) => s.cards[i]!.c) });
      break;
    }
    case 'split': {
      const e = zone(m.zone) ?? zone(m.to) ?? notOthersHand(m.zone) ?? notOthersHand(m.to);
      if (e) return e;
      const pile = d.zones[m.zone]!;
      if (!isInt(m.count, 1, Math.max(1, pile.length - 1)) || pile.length < 2) return illegal('要分开的牌至少要有两张，分出的张数少于整叠。', 'Split a stack of at least two cards, taking fewer than all of them.');
      const take = pile.slice(-m.count);
      const knew = take.map((i) => knewBefore(s, i, m.zone));
      const faces = take.map((i) => s.cards[i]!.up);
      place(d, take, m.to, { x: m.x, y: m.y }, m.zone);
      // A split keeps each card's face.
      take.forEach((i, k) => (d.card(i).up = faces[k]!));
      d.events.push({ type: 'split', seat: m.seat, zone: m.zone, to: m.to, n: take.length, ...revealOf(d, take, m.to, knew) });
      break;
    }
    case 'counter': {
      const key = typeof m.counter === 'string' ? m.counter : '';
      if (!(key in s.counters)) return bad('没有这个计数器：在 table.json 的 counters 里加上它。', "There is no such counter: add it to table.json's counters.");
      if (!isInt(m.delta, -1_000_000, 1_000_000) || m.delta === 0) return bad('计数器的变化应为非零整数：点 + 或 − 来改。', 'A counter changes by a whole number other than 0: press + or − to change it.');
      const def = s.options.counters.find((c) => c.id === key.split('@')[0]);
      const was = s.counters[key]!;
      const now = Math.min(def?.max ?? Infinity, Math.max(def?.min ?? -Infinity, was + m.delta));
      if (now === was) return illegal('计数器已到上限或下限：往另一个方向改，或在 table.json 里放宽 min / max。', 'The counter is at its limit: change it the other way, or widen its min / max in table.json.');
      d.counters = { ...s.counters, [key]: now };
      d.events.push({ type: 'counter', seat: m.seat, counter: key, from: was, to: now });
      break;
    }
    case 'roll': {
      const die = s.options.dice.find((x) => x.id === m.die);
      if (!die) return bad('没有这个骰子：在 table.json 的 dice 里加上它。', "There is no such die: add it to table.json's dice.");
      const face = d.random().int(die.faces.length);
      d.dice = { ...s.dice, [die.id]: face };
      d.events.push({ type: 'roll', seat: m.seat, die: die.id, face: die.faces[face]!, reveal: 'all' });
      break;
    }
    case 'piece': {
      if (typeof m.piece !== 'string' || !(m.piece in s.pieces)) return bad('没有这个棋子：在 table.json 的 board.pieces 里加上它。', "There is no such piece: add it to table.json's board.pieces.");
      if (!(Number.isFinite(m.x) && Number.isFinite(m.y) && m.x >= 0 && m.x <= 1 && m.y >= 0 && m.y <= 1)) return bad('棋子要放在棋盘上：把它拖到棋盘图片以内。', 'Put the piece on the board: drag it inside the board image.');
      d.pieces = { ...s.pieces, [m.piece]: { x: m.x, y: m.y } };
      d.events.push({ type: 'piece', seat: m.seat, piece: m.piece, x: m.x, y: m.y });
      break;
    }
    case 'button': {
      const b = s.options.buttons.find((x) => x.id === m.button);
      if (!b) return bad('没有这个按钮：在 table.json 的 buttons 里加上它。', "There is no such button: add it to table.json's buttons.");
      d.events.push({ type: 'button', seat: m.seat, button: b.id, label: b.label });
      let did = false;
      for (const a of b.actions) did = runAction(d, a, m.seat) || did;
      if (!did) return illegal('这个按钮现在没有可做的事（牌堆空了？）：先把牌放回它用的牌堆。', 'That button has nothing to do now (is the deck empty?): put cards back in the pile it uses first.');
      break;
    }
    case 'pass': {
      const to = m.to ?? (m.seat + 1) % s.players;
      if (!isInt(to, 0, s.players - 1)) return bad(`没有这个座位：座位是 1–${s.players}。`, `There is no such seat: the seats are 1–${s.players}.`);
      d.active = to;
      d.turn = s.turn + 1;
      d.events.push({ type: 'pass', seat: m.seat, to });
      break;
    }
    case 'end': {
      d.ended = true;
      d.events.push({ type: 'end', seat: m.seat });
      break;
    }
  }
  return { ok: true, state: d.done(), events: d.events };
}

/**
 * The reveal of cards that just moved into `to`: to all when they now lie face up and someone did
 * not know them; to a hand's seat when they went into a hand it did not know. `knownBy` names who knew.
 */
function revealOf(d: Draft, cards: readonly number[], to: string, knew: readonly number[][]): { reveal?: 'all' | number[]; knownBy?: number[]; cards?: string[] } {
  const players = d.base.players;
  const saw = cards.map((i) => seesAfter(d, i, to));
  if (saw.some((x) => x === 'all')) {
    const shown = cards.filter((_, k) => saw[k] === 'all');
    const knownBy = Array.from({ length: players }, (_, s) => s).filter((s) => shown.every((i) => knew[cards.indexOf(i)]!.includes(s)));
    if (knownBy.length === players) return {};
    return { reveal: 'all', knownBy, cards: shown.map((i) => d.cards[i]!.c) };
  }
  const seat = zoneOf(d.base.options, to)?.owner;
  if (seat === null || seat === undefined || zoneOf(d.base.options, to)?.def.kind !== 'hand') return {};
  if (knew.every((k) => k.includes(seat))) return {};
  return { reveal: [seat], cards: cards.map((i) => d.cards[i]!.c) };
}

