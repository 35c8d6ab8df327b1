/**
 * From the engine's legal moves to what the 生肖赛跑 table asks the person at the screen: a tree of
 * choices. Each level is a row of buttons (roll, end, transform → animal → token, a power →
 * target → payment…); a leaf is one legal move. A choice may point at a seat (`target`): the
 * board lights that piece and a click on it picks the choice. A choice with `probe` is an action
 * the rules refuse right now (a transform off a star, a power of the wrong animal…): the table
 * tries it and shows the engine's own reason, so a refusal is explained, never silent.
 *
 * Pure: the same view and moves give the same tree, so it is unit-tested without a table.
 */
import type { DecisionKind } from '../../../../../shared/games/zodiac-race/legal';
import { ZODIAC_NAMES, ZODIACS, type RollMod, type Zodiac, type ZrMove } from '../../../../../shared/games/zodiac-race/types';
import type { ZrView } from '../../../../../shared/games/zodiac-race/view';

/** A text in both languages. */
export interface Text {
  zh: string;
  en: string;
}

/** One button of the prompt. */
export interface Choice {
  /** Unique among its siblings (a path of keys names a level). */
  key: string;
  label: Text;
  /** The move this choice makes (a leaf). */
  move?: ZrMove;
  /** The next level (a group). */
  children?: Choice[];
  /** The seat this choice is about: its piece is lit and clicking it picks the choice. */
  target?: number;
  /** A move the rules refuse now: trying it shows why. */
  probe?: ZrMove;
}

/** The question the table asks, and the answers. */
export interface Prompt {
  seat: number;
  kind: DecisionKind;
  title: Text;
  choices: Choice[];
}

const t = (zh: string, en: string): Text => ({ zh, en });
/** A seat as the table names it everywhere (座位 2 / Seat 2). */
const seatText = (s: number): Text => t(`座位 ${s + 1}`, `Seat ${s + 1}`);
const zname = (z: Zodiac): Text => t(ZODIAC_NAMES[z].zh, ZODIAC_NAMES[z].en);

/** Token colour (spec §13 #6): 1 and 4 red, the others blue. */
export function tokenColour(v: number): 'red' | 'blue' {
  return v === 1 || v === 4 ? 'red' : 'blue';
}

/** A payment as text: "6+6". */
export function payText(pay: readonly number[]): string {
  return pay.length ? pay.join('+') : '0';
}

const MOD_TEXT: Record<RollMod, Text> = {
  R1: t('鼠：掷 1 走 10', 'Rat: a 1 moves 10'),
  RO1: t('鸡：单数加倍', 'Rooster: odd doubled'),
  RO2: t('鸡：双数再掷', 'Rooster: even rolls again'),
  H2: t('马：疾步', 'Horse: Gallop'),
  P2: t('猪：+4', 'Pig: +4'),
  SH1: t('羊：高产', 'Sheep: Bountiful'),
};

/** Names of the main-phase powers on the prompt. */
export const POWER_LABEL: Record<string, Text> = {
  R2: t('鼠·妙窃', 'Rat: Sly Theft'),
  O1a: t('牛·冲劲 4 格（2 红）', 'Ox: Charge 4 (2 red)'),
  O1b: t('牛·冲劲 10 格（3 个 1 或 4 红）', 'Ox: Charge 10 (three 1s or 4 red)'),
  O2: t('牛·交换代币', 'Ox: swap tokens'),
  T1: t('虎·咆哮（6+6）', 'Tiger: Roar (6+6)'),
  T2: t('虎·咆哮（合计 12）', 'Tiger: Roar (sum 12)'),
  RB: t('兔·骄傲', 'Rabbit: Pride'),
  D: t('龙·神速（顺子 5）', 'Dragon: Godspeed (run of 5)'),
  S1: t('蛇·毒液', 'Snake: Venom'),
  SH2: t('羊·成对前进', 'Sheep: pair move'),
  M2: t('猴·抢代币', 'Monkey: steal'),
  M3: t('猴·直接变换', 'Monkey: free transform'),
};

/** The power the prompt offers to try for each animal when none of its powers is legal now. */
function probePower(z: Zodiac, seat: number, other: number): ZrMove | null {
  switch (z) {
    case 'rat':
      return { type: 'power', seat, power: 'R2', v: 1 };
    case 'ox':
      return { type: 'power', seat, power: 'O1a', pay: [1, 4] };
    case 'tiger':
      return { type: 'power', seat, power: 'T1', target: other, pay: [6, 6] };
    case 'rabbit':
      return { type: 'power', seat, power: 'RB' };
    case 'dragon':
      return { type: 'power', seat, power: 'D', pay: [1, 2, 3, 4, 5], choice: 'b' };
    case 'snake':
      return { type: 'power', seat, power: 'S1', target: other, pay: [1, 4] };
    case 'sheep':
      return { type: 'power', seat, power: 'SH2', pay: [2, 2] };
    case 'monkey':
      return { type: 'power', seat, power: 'M2' };
    default:
      // Horse, Rooster, Dog and Pig have no main-phase action: their powers come up by themselves.
      return null;
  }
}

/** A level of the tree: moves grouped by a key, each group labelled (a single move stays a leaf when `flat`). */
function group(moves: ZrMove[], by: (m: ZrMove) => { key: string; label: Text; target?: number }, inner?: (ms: ZrMove[]) => Choice[]): Choice[] {
  const order: string[] = [];
  const groups = new Map<string, { label: Text; target?: number; moves: ZrMove[] }>();
  for (const m of moves) {
    const g = by(m);
    let e = groups.get(g.key);
    if (!e) {
      groups.set(g.key, (e = { label: g.label, target: g.target, moves: [] }));
      order.push(g.key);
    }
    e.moves.push(m);
  }
  return order.map((key) => {
    const e = groups.get(key)!;
    const c: Choice = { key, label: e.label };
    if (e.target !== undefined) c.target = e.target;
    if (!inner || e.moves.length === 1) {
      c.move = e.moves[0];
      // A group of one shows its last detail (the payment…) in brackets, when it has one.
      const leaf = inner && e.moves.length === 1 ? leafText(e.moves[0]!) : null;
      if (leaf?.zh) c.label = { zh: `${e.label.zh}（${leaf.zh}）`, en: `${e.label.en} (${leaf.en})` };
    } else c.children = inner(e.moves);
    return c;
  });
}

/** The last detail of a move (its payment, value…), for a group of one. */
function leafText(m: ZrMove): Text {
  if ('pay' in m && Array.isArray(m.pay)) return t(`付 ${payText(m.pay)}`, `pay ${payText(m.pay)}`);
  if (m.type === 'transform') return t(`付 ${m.pay}`, `pay ${m.pay}`);
  if ('v' in m) return t(`${m.v}`, `${m.v}`);
  if (m.type === 'exchange' || m.type === 'swapPick') return t(`${m.give}↔${m.take}`, `${m.give}↔${m.take}`);
  return t('', '');
}

/** Payment level: one leaf per payment. */
const byPay = (ms: ZrMove[]): Choice[] => group(ms, (m) => ({ key: `pay:${payText((m as { pay: number[] }).pay)}`, label: t(`付 ${payText((m as { pay: number[] }).pay)}`, `Pay ${payText((m as { pay: number[] }).pay)}`) }));

/** The prompt for the seat at the screen, or null when it is not their decision. */
export function promptOf(view: ZrView, seat: number, legal: readonly ZrMove[]): Prompt | null {
  const d = view.decision;
  if (!d || d.seat !== seat || !legal.length) return null;
  const me = view.pieces[seat]!;
  const ofType = <T extends ZrMove['type']>(type: T) => legal.filter((m): m is Extract<ZrMove, { type: T }> => m.type === type);
  const simple = (m: ZrMove, label: Text): Choice => ({ key: m.type, label, move: m });
  const choices: Choice[] = [];
  let title: Text;
  switch (d.kind) {
    case 'choose': {
      title = t('选择你的起始生肖', 'Choose your starting animal');
      const ok = new Set(ofType('choose').map((m) => m.zodiac));
      for (const z of ZODIACS) {
        const m: ZrMove = { type: 'choose', seat, zodiac: z };
        choices.push(ok.has(z) ? { key: z, label: zname(z), move: m } : { key: z, label: zname(z), probe: m });
      }
      break;
    }
    case 'bonus':
      title = t(`奖励掷骰：还有 ${view.turn.bonus} 次`, `Bonus roll: ${view.turn.bonus} left`);
      for (const m of legal) choices.push(simple(m, m.type === 'bonus' ? t('掷奖励骰', 'Take the bonus roll') : t('放弃奖励掷骰', 'Skip the bonus roll')));
      break;
    case 'main':
      title = view.turn.rolled ? t('你的回合：发动效果、变换或结束回合', 'Your turn: use a power, transform or end the turn') : t('你的回合：掷骰，或先发动效果、变换', 'Your turn: roll, or first use a power or transform');
      choices.push(...mainChoices(view, seat, legal));
      break;
    case 'dog': {
      const act = view.stack[view.stack.length - 1];
      const what = act && act.k === 'act' ? (POWER_LABEL[act.power] ?? t(act.power, act.power)) : t('', '');
      const owner = act && act.k === 'act' ? act.owner : seat;
      title = t(`狗·警觉：要令 ${seatText(owner).zh} 的「${what.zh}」无效吗？`, `Dog: Alert — negate ${seatText(owner).en}'s "${what.en}"?`);
      const negates = ofType('negate');
      if (negates.length) choices.push({ key: 'negate', label: t('无效它', 'Negate it'), target: owner, children: byPay(negates) });
      choices.push(simple(ofType('pass')[0]!, t('不无效', 'Let it be')));
      break;
    }
    case 'pig': {
      const mover = moverOf(view);
      title = t(`${seatText(mover).zh} 来到你的格子：形成脂肪壁垒吗？（付 3 个代币）`, `${seatText(mover).en} comes to your square: raise the fat wall? (pay 3 tokens)`);
      const walls = ofType('barrier');
      if (walls.length) choices.push({ key: 'barrier', label: t('形成壁垒', 'Raise the wall'), target: mover, children: byPay(walls) });
      choices.push(simple(ofType('pass')[0]!, t('不形成', 'No wall')));
      break;
    }
    case 'attach':
      title = t('猴：附在这一格的棋子身上吗？', 'Monkey: ride on a piece of this square?');
      for (const m of ofType('attach')) choices.push({ key: `host:${m.host}`, label: t(`附在 ${seatText(m.host).zh} 身上`, `Ride on ${seatText(m.host).en}`), target: m.host, move: m });
      choices.push(simple(ofType('go')[0]!, t('继续走', 'Keep going')));
      break;
    case 'star':
      title = t('来到变换格（★）：停在这里吗？', 'A star square (★): stop here?');
      choices.push(simple(ofType('stop')[0]!, t('停在变换格', 'Stop on the star')), simple(ofType('go')[0]!, t('继续走', 'Keep going')));
      break;
    case 'gallop':
      title = t('马：超越了对手，要再掷一次吗？', 'Horse: you overtook a piece — roll again?');
      choices.push(simple(ofType('gallop')[0]!, t('再掷一次', 'Roll again')), simple(ofType('go')[0]!, t('继续走', 'Keep going')));
      break;
    case 'grab': {
      const mover = moverOf(view);
      title = t(`猪：${seatText(mover).zh} 超越了你，夺走它一个代币吗？`, `Pig: ${seatText(mover).en} passed you — grab one of its tokens?`);
      for (const m of ofType('grab')) choices.push({ key: `v:${m.v}`, label: t(`夺走 ${m.v}`, `Grab a ${m.v}`), target: mover, move: m });
      choices.push(simple(ofType('pass')[0]!, t('不夺', 'Let it pass')));
      break;
    }
    case 'mods': {
      const roll = view.stack[view.stack.length - 1];
      const dice = roll && roll.k === 'roll' ? roll.dice.join(',') : '';
      title = t(`掷出 ${dice}：使用哪些被动效果？`, `Rolled ${dice}: which passive powers to use?`);
      for (const m of ofType('mods')) {
        const label = m.use.length ? { zh: m.use.map((u) => MOD_TEXT[u].zh).join(' + '), en: m.use.map((u) => MOD_TEXT[u].en).join(' + ') } : t('都不用', 'None');
        choices.push({ key: `mods:${m.use.join('+') || '-'}`, label, move: m });
      }
      break;
    }
    case 'discard':
      title = t('代币超过 12 个：放回一个', 'More than 12 tokens: return one');
      for (const m of ofType('discard')) choices.push({ key: `v:${m.v}`, label: t(`放回 ${m.v}`, `Return a ${m.v}`), move: m });
      break;
    case 'steal':
      title = t('猴：从同一格的棋子抢代币', 'Monkey: steal tokens from the pieces on your square');
      choices.push(...group(ofType('steal'), (m) => ({ key: `from:${(m as { from: number }).from}`, label: t(`从 ${seatText((m as { from: number }).from).zh} 抢`, `From ${seatText((m as { from: number }).from).en}`), target: (m as { from: number }).from }), (ms) => ms.map((m) => ({ key: `v:${(m as { v: number }).v}`, label: t(`抢 ${(m as { v: number }).v}`, `Take a ${(m as { v: number }).v}`), move: m }))));
      choices.push(simple(ofType('done')[0]!, t('结束', 'Done')));
      break;
    case 'swap': {
      const sw = view.stack[view.stack.length - 1];
      const target = sw && sw.k === 'swap' ? sw.target : seat;
      title = t(`牛：和 ${seatText(target).zh} 交换代币`, `Ox: swap tokens with ${seatText(target).en}`);
      for (const m of ofType('swapPick')) choices.push({ key: `${m.give}:${m.take}`, label: t(`给 ${m.give} 换 ${m.take}`, `Give ${m.give}, take ${m.take}`), target, move: m });
      // At least one swap before stopping (spec §7.2 k ≥ 1): "done" comes after the first.
      const done = ofType('done')[0];
      if (done) choices.push(simple(done, t('结束', 'Done')));
      break;
    }
    case 'offer': {
      const o = view.stack[view.stack.length - 1];
      const from = o && o.k === 'offer' ? o : null;
      title = from
        ? t(`队友 ${seatText(from.seat).zh} 提议：用它的 ${from.give} 换你的 ${from.take}`, `Your teammate ${seatText(from.seat).en} offers a ${from.give} for your ${from.take}`)
        : t('队友提议交换代币', 'Your teammate offers an exchange');
      choices.push({ ...simple(ofType('accept')[0]!, t('同意交换', 'Accept')), target: from?.seat }, simple(ofType('decline')[0]!, t('谢绝', 'Decline')));
      break;
    }
    case 'monkeyStart':
      title = t('回合开始：继续附随（付 1 个代币）或解除', 'Start of turn: keep riding (pay a token) or detach');
      for (const m of ofType('continue')) choices.push({ key: `v:${m.v}`, label: t(`继续附随（付 ${m.v}）`, `Keep riding (pay ${m.v})`), move: m });
      choices.push(simple(ofType('detach')[0]!, t('解除附随', 'Detach')));
      break;
  }
  void me;
  return { seat, kind: d.kind, title, choices };
}

/** The seat walking the move on top of the stack. */
function moverOf(view: ZrView): number {
  const f = view.stack[view.stack.length - 1];
  return f && f.k === 'move' ? f.seat : view.turn.seat;
}

/** Main phase: roll, end, transform, the animal's powers, giving to a teammate. */
function mainChoices(view: ZrView, seat: number, legal: readonly ZrMove[]): Choice[] {
  const me = view.pieces[seat]!;
  const out: Choice[] = [];
  const of = (type: ZrMove['type']) => legal.filter((m) => m.type === type);
  const roll = of('roll')[0];
  out.push(roll ? { key: 'roll', label: t('掷骰', 'Roll'), move: roll } : { key: 'roll', label: t('掷骰', 'Roll'), probe: { type: 'roll', seat } });
  const end = of('end')[0];
  out.push(end ? { key: 'end', label: t('结束回合', 'End turn'), move: end } : { key: 'end', label: t('结束回合', 'End turn'), probe: { type: 'end', seat } });
  const transforms = of('transform') as Extract<ZrMove, { type: 'transform' }>[];
  if (transforms.length)
    out.push({
      key: 'transform',
      label: t('变换生肖', 'Transform'),
      children: group(transforms, (m) => ({ key: (m as { to: string }).to, label: zname((m as { to: Zodiac }).to) }), (ms) => ms.map((m) => ({ key: `pay:${(m as { pay: number }).pay}`, label: t(`付 ${(m as { pay: number }).pay}`, `Pay ${(m as { pay: number }).pay}`), move: m }))),
    });
  else {
    const to = ZODIACS.find((z) => z !== me.zodiac)!;
    const pay = me.tok.findIndex((n) => n > 0) + 1 || 1;
    out.push({ key: 'transform', label: t('变换生肖', 'Transform'), probe: { type: 'transform', seat, to, pay } });
  }
  const powers = of('power') as Extract<ZrMove, { type: 'power' }>[];
  out.push(
    ...group(
      powers,
      (m) => ({ key: `power:${(m as { power: string }).power}`, label: POWER_LABEL[(m as { power: string }).power] ?? t((m as { power: string }).power, (m as { power: string }).power) }),
      (ms) => powerDetail(ms),
    ),
  );
  if (!powers.length) {
    const other = (seat + 1) % view.players;
    const probe = probePower(me.zodiac, seat, other);
    if (probe && probe.type === 'power') out.push({ key: `power:${probe.power}`, label: POWER_LABEL[probe.power]!, probe });
  }
  const gifts = legal.filter((m) => m.type === 'give' || m.type === 'exchange') as Extract<ZrMove, { type: 'give' | 'exchange' }>[];
  if (gifts.length)
    out.push({
      key: 'team',
      label: t('给队友 / 交换代币', 'Give / swap with a teammate'),
      children: group(
        gifts,
        (m) => ({ key: `to:${(m as { to: number }).to}`, label: seatText((m as { to: number }).to), target: (m as { to: number }).to }),
        (ms) => ms.map((m) => (m.type === 'give' ? { key: `give:${m.v}`, label: t(`给 ${m.v}`, `Give a ${m.v}`), move: m } : { key: `ex:${(m as { give: number }).give}:${(m as { take: number }).take}`, label: t(`${(m as { give: number }).give} 换 ${(m as { take: number }).take}`, `${(m as { give: number }).give} for ${(m as { take: number }).take}`), move: m })),
      ),
    });
  return out;
}

/** The level(s) under one power: target, then choice, then payment, as the power needs. */
function powerDetail(ms: ZrMove[]): Choice[] {
  const m0 = ms[0] as Extract<ZrMove, { type: 'power' }>;
  if ('target' in m0)
    return group(
      ms,
      (m) => ({ key: `target:${(m as { target: number }).target}`, label: seatText((m as { target: number }).target), target: (m as { target: number }).target }),
      (inner) =>
        'pay' in inner[0]!
          ? byPay(inner)
          : 'give' in inner[0]!
            ? // Ox O2: the first swap, named with the power.
              inner.map((m) => ({ key: `swap:${(m as { give: number }).give}:${(m as { take: number }).take}`, label: t(`给 ${(m as { give: number }).give} 换 ${(m as { take: number }).take}`, `Give ${(m as { give: number }).give}, take ${(m as { take: number }).take}`), move: m }))
            : inner.map((m) => ({ key: 'go', label: t('确定', 'Confirm'), move: m })),
    );
  if ('choice' in m0)
    return group(ms, (m) => ({ key: `choice:${(m as { choice: string }).choice}`, label: (m as { choice: string }).choice === 'a' ? t('追到前方最近的棋子', 'Catch the nearest piece ahead') : t('前进 12 格', 'Move 12') }), byPay);
  if ('to' in m0) return ms.map((m) => ({ key: `to:${(m as { to: Zodiac }).to}`, label: zname((m as { to: Zodiac }).to), move: m }));
  if ('v' in m0) return ms.map((m) => ({ key: `v:${(m as { v: number }).v}`, label: t(`点数 ${(m as { v: number }).v}`, `Value ${(m as { v: number }).v}`), move: m }));
  if ('pay' in m0) return byPay(ms);
  return ms.map((m, i) => ({ key: `m:${i}`, label: t('确定', 'Confirm'), move: m }));
}

/**
 * A level of the prompt that is a choice of payment (two or more ways to pay a power, a negation
 * or a barrier): its choices and the payment of each, or null for any other level.
 */
export function payLevel(choices: readonly Choice[]): { choice: Choice; pay: number[] }[] | null {
  if (choices.length < 2) return null;
  const out: { choice: Choice; pay: number[] }[] = [];
  for (const c of choices) {
    const m = c.move as { pay?: unknown } | undefined;
    if (!c.key.startsWith('pay:') || !m || !Array.isArray(m.pay)) return null;
    out.push({ choice: c, pay: (m.pay as number[]).slice().sort((a, b) => a - b) });
  }
  return out;
}

/**
 * The cheapest payment of a player holding `held` (token counts by value): the lowest total of
 * token values; then the one that leaves the most different values in hand (spend duplicates,
 * keep variety for other costs); then the fewest tokens; then the smallest values.
 * @example cheapestPay([[6, 6], [5, 4, 3], [6, 3, 3]], [0, 0, 2, 1, 1, 2]) // → [6, 6]
 */
export function cheapestPay(pays: readonly (readonly number[])[], held: readonly number[]): number[] {
  const sum = (p: readonly number[]) => p.reduce((a, b) => a + b, 0);
  const kindsLeft = (p: readonly number[]) => {
    const left = held.slice();
    for (const v of p) left[v - 1]!--;
    return left.filter((n) => n > 0).length;
  };
  let best = pays[0]!;
  for (const p of pays.slice(1)) {
    const d = sum(p) - sum(best) || kindsLeft(best) - kindsLeft(p) || p.length - best.length || p.join(',').localeCompare(best.join(','));
    if (d < 0) best = p;
  }
  return best.slice();
}

/** The choices at a path of keys (the top level for []); an unknown path falls back to the top. */
export function choicesAt(prompt: Prompt, path: readonly string[]): Choice[] {
  let level = prompt.choices;
  for (const key of path) {
    const c = level.find((x) => x.key === key);
    if (!c?.children) return prompt.choices;
    level = c.children;
  }
  return level;
}

/** The seats lit on the board at a level: those a choice points at. */
export function litSeats(choices: readonly Choice[]): number[] {
  return [...new Set(choices.flatMap((c) => (c.target !== undefined && (c.move || c.children) ? [c.target] : [])))];
}
