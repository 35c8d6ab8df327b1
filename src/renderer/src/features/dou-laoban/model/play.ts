/**
 * What the person at a 斗老闆 table does with the hand: the hints (every legal play that may go
 * down now, from the engine's move generator, cheapest first), why a selection cannot be played
 * (named precisely: no combination, another type or length than the table's, not high enough, a
 * leader passing), and the settlement's formula spelled out.
 */
import type { DealResult, DlMove, DlView } from '../../../../../shared/games/dou-laoban/game';
import { classify, isBomb, type Combo } from '../../../../../shared/games/dou-laoban/classify';
import { rankLabel } from '../../../../../shared/games/dou-laoban/cards';
import { seatName, type Text } from '../../table/model/log';
import { BOSS, COMBO_NAMES, EMPLOYEE } from './words';

type PlayMove = Extract<DlMove, { type: 'play' }>;

/**
 * The plays offered as hints, in the order "hint" cycles through them: ordinary plays before
 * bombs and the rocket, lower before higher, fewer cards before more.
 */
export function hintsOf(legal: readonly DlMove[]): number[][] {
  const plays = legal.filter((m): m is PlayMove => m.type === 'play').map((m) => ({ cards: m.cards, combo: classify(m.cards)! }));
  plays.sort((a, b) => Number(isBomb(a.combo)) - Number(isBomb(b.combo)) || a.combo.key - b.combo.key || a.cards.length - b.cards.length || a.cards.join().localeCompare(b.cards.join()));
  return plays.map((p) => [...p.cards].sort((x, y) => x - y));
}

/** The next hint after the selection: the next play containing every selected card (or any play, when none does or the selection is a hint). */
export function nextHint(hints: readonly number[][], selected: readonly number[], last: number): { at: number; cards: number[] } | null {
  if (!hints.length) return null;
  const key = [...selected].sort((a, b) => a - b).join();
  const isHint = last >= 0 && hints[last]?.join() === key;
  if (selected.length && !isHint) {
    const at = hints.findIndex((h) => selected.every((c) => h.includes(c)));
    if (at >= 0) return { at, cards: hints[at]! };
  }
  const at = (last + 1) % hints.length;
  return { at, cards: hints[at]! };
}

/** A combination in words: "一對 8" / "pair of 8s". */
export function comboText(c: Combo): Text {
  const name = COMBO_NAMES[c.type];
  if (c.type === 'ROCKET') return name;
  const key = { zh: rankLabel(c.key, 'zh'), en: rankLabel(c.key, 'en') };
  if (c.n <= 4 && c.type !== 'TRIPLE_1') return { zh: `${name.zh} ${key.zh}`, en: `${name.en} of ${key.en}` };
  return { zh: `${name.zh}（${key.zh} 为大，${c.n} 张）`, en: `${name.en} (${key.en} high, ${c.n} cards)` };
}

/** Why these cards cannot be played now, or null when they can. */
export function refusal(view: DlView, seat: number, selected: readonly number[]): Text | null {
  if (view.phase !== 'play' || view.turn !== seat) return { zh: '现在还没轮到你出牌。', en: 'It is not your turn to play.' };
  if (!selected.length) return { zh: '先点手牌选出要出的牌，或按“提示”。', en: 'Pick the cards to play from your hand first, or press Hint.' };
  const combo = classify(selected);
  if (!combo) return { zh: `这 ${selected.length} 张牌不成牌型：看看“提示”里有哪些出法。`, en: `These ${selected.length} cards form no combination: Hint shows the plays you have.` };
  const top = view.trick.top;
  if (!top) return null;
  const on = { zh: `${seatName(view.trick.topBy).zh}的${comboText(top).zh}`, en: `${seatName(view.trick.topBy).en}'s ${comboText(top).en}` };
  if (combo.type === 'ROCKET') return null;
  if (top.type === 'ROCKET') return { zh: `桌上是${on.zh}，什么都管不住它：只能不出。`, en: `${on.en} is the rocket: nothing beats it; pass.` };
  if (combo.type === 'BOMB') return top.type === 'BOMB' && combo.key <= top.key ? { zh: `你的炸彈 ${rankLabel(combo.key)} 不比${on.zh}大。`, en: `Your bomb of ${rankLabel(combo.key, 'en')}s is not higher than ${on.en}.` } : null;
  if (top.type === 'BOMB') return { zh: `桌上是${on.zh}：只有更大的炸彈或火箭才能管住。`, en: `Only a higher bomb or the rocket beats ${on.en}.` };
  if (combo.type !== top.type) return { zh: `你选的是${COMBO_NAMES[combo.type].zh}，桌上是${on.zh}：要出同样的牌型（或炸彈、火箭）。`, en: `You picked a ${COMBO_NAMES[combo.type].en}; the table has ${on.en}: play the same type (or a bomb or the rocket).` };
  if (combo.n !== top.n) return { zh: `张数不同：你选了 ${combo.n} 张，桌上是 ${top.n} 张的${COMBO_NAMES[top.type].zh}。`, en: `Different length: you picked ${combo.n} cards, the table has a ${top.n}-card ${COMBO_NAMES[top.type].en}.` };
  if (combo.key <= top.key) return { zh: `不够大：你的${comboText(combo).zh}管不住${on.zh}。`, en: `Not high enough: your ${comboText(combo).en} does not beat ${on.en}.` };
  return null;
}

/** Why the person may not pass now, or null. */
export function passRefusal(view: DlView, seat: number): Text | null {
  if (view.phase !== 'play' || view.turn !== seat) return { zh: '现在还没轮到你。', en: 'It is not your turn.' };
  return view.trick.top ? null : { zh: '这一轮由你领出，不能不出：出任意一种牌型。', en: 'You lead this trick, so you cannot pass: play any combination.' };
}

/** One factor of the settlement's formula. */
export interface Factor {
  label: Text;
  value: string;
}

/** The settlement's formula, factor by factor, as the rules multiply them (spec §8.2, with the §9 extras when played). */
export function formulaOf(r: DealResult, base: number, bombCap: number, springFactor: number): { factors: Factor[]; unit: number } {
  const doublings = bombCap > 0 ? Math.min(r.bombs, bombCap) : r.bombs;
  const factors: Factor[] = [
    { label: { zh: '底分', en: 'Base' }, value: String(base) },
    { label: { zh: '叫分', en: 'Bid' }, value: String(r.bid) },
    { label: { zh: '炸彈', en: 'Bombs' }, value: `×${2 ** doublings}` },
    { label: r.spring ? { zh: '春天', en: 'Spring' } : r.antiSpring ? { zh: '返春', en: 'Anti-spring' } : { zh: '春天', en: 'Spring' }, value: `×${r.spring || r.antiSpring ? springFactor : 1}` },
  ];
  if (r.robs) factors.push({ label: { zh: `搶老闆 ${r.robs} 次`, en: `${r.robs} rob${r.robs === 1 ? '' : 's'}` }, value: `×${2 ** r.robs}` });
  if (r.shown) factors.push({ label: { zh: '明牌', en: 'Shown hand' }, value: '×2' });
  return { factors, unit: r.unit };
}

/** The formula as one line: "底分 1 × 叫分 2 × 炸彈 ×4 × 春天 ×1 = 8". */
export function formulaLine(factors: readonly Factor[], unit: number, lang: 'zh' | 'en'): string {
  return `${factors.map((f) => `${f.label[lang]} ${f.value}`).join(' × ')} = ${unit}`;
}

/** Each seat's line of the settlement: its role, what it pays or gets, and why. */
export function paymentLines(r: DealResult, payment: 'zero_sum' | 'literal'): { seat: number; role: Text; score: number; why: Text }[] {
  const bossWon = r.winner === r.boss;
  return [0, 1, 2].map((seat) => {
    const boss = seat === r.boss;
    const d = (r.doubled[seat] ? 2 : 1) * (!boss && r.doubled[r.boss] ? 2 : 1);
    const dbl = d > 1 ? { zh: `（加倍 ×${d}）`, en: ` (doubled ×${d})` } : { zh: '', en: '' };
    const u = r.unit * d;
    let why: Text;
    if (payment === 'literal') why = { zh: `照原文：${r.unit} × 2${dbl.zh}`, en: `As the seed writes: ${r.unit} × 2${dbl.en}` };
    else if (boss) why = bossWon ? { zh: `两位員工各付 ${r.unit} 份${dbl.zh}`, en: `${r.unit} from each Employee${dbl.en}` } : { zh: `付给两位員工各 ${r.unit} 份${dbl.zh}`, en: `${r.unit} to each Employee${dbl.en}` };
    else why = bossWon ? { zh: `付给${BOSS.zh} ${u} 份${dbl.zh}`, en: `${u} to the ${BOSS.en}${dbl.en}` } : { zh: `${BOSS.zh}付来 ${u} 份${dbl.zh}`, en: `${u} from the ${BOSS.en}${dbl.en}` };
    return { seat, role: boss ? BOSS : EMPLOYEE, score: r.scores[seat]!, why };
  });
}
