/**
 * What the 生肖赛跑 table explains when the pointer rests on (or the keyboard focuses) an animal, a
 * power, a piece, a token or a status: a title, a line of facts (when, how often, what it costs)
 * and the rule text — all from the power cards (shared/games/zodiac-race/reference.ts), so the table
 * says what the printed cards say. Pure: the same reference and view give the same tips.
 */
import type { LocalText } from '../../../../../shared/engine/types';
import { powerText, statusText, tokenText, type PowerText, type StatusId, type ZrReference } from '../../../../../shared/games/zodiac-race/reference';
import { ZODIACS, type PowerId, type RollMod, type Zodiac } from '../../../../../shared/games/zodiac-race/types';
import type { ZrView } from '../../../../../shared/games/zodiac-race/view';
import type { Choice, Prompt } from './prompt';

/** One explanation. */
export interface Tip {
  /** What is explained ("rat" / "power:T2" / "status:roared" / "token:4" / "piece:2"). */
  id: string;
  title: LocalText;
  /** Paragraphs; each may carry a line of facts above it. */
  parts: { meta?: LocalText; text: LocalText; lines?: LocalText[] }[];
}

const t = (zh: string, en: string): LocalText => ({ zh, en });

/** "己方回合 · 每回合一次 · 费用：2个6" / "Your turn · Once per turn · Cost: Two 6s". */
export function metaOf(p: PowerText): LocalText {
  const zh = [p.timing.zh, p.freq?.zh, p.cost.zh && `费用：${p.cost.zh}`].filter(Boolean).join(' · ');
  const en = [p.timing.en, p.freq?.en, p.cost.en && `Cost: ${p.cost.en}`].filter(Boolean).join(' · ');
  return t(zh, en);
}

const part = (p: PowerText) => ({ meta: metaOf(p), text: p.text, ...(p.lines.length ? { lines: p.lines } : {}) });

/** An animal: its name and power name, every power of its card, and the card's note. */
export function zodiacTip(ref: ZrReference, z: Zodiac): Tip {
  const r = ref[z];
  const parts: Tip['parts'] = r.powers.map(part);
  if (r.note) parts.push({ text: r.note });
  return { id: z, title: t(`${r.name.zh} · ${r.power.zh}`, `${r.name.en} · ${r.power.en}`), parts };
}

/** One power of an animal (the card's text for it). */
export function powerTip(ref: ZrReference, id: PowerId, zodiac: Zodiac): Tip | null {
  const p = powerText(ref, id);
  if (!p) return null;
  const r = ref[zodiac];
  return { id: `power:${id}`, title: t(`${r.name.zh} · ${r.power.zh}`, `${r.name.en} · ${r.power.en}`), parts: [part(p)] };
}

const POWER_OF: Record<string, Zodiac> = { R: 'rat', O: 'ox', T: 'tiger', RB: 'rabbit', D: 'dragon', S: 'snake', H: 'horse', SH: 'sheep', M: 'monkey', RO: 'rooster', DG: 'dog', P: 'pig' };
/** The animal of an engine power id (R2 → rat, SH1 → sheep, RO2 → rooster…). */
export function zodiacOfPower(id: PowerId): Zodiac {
  const head = /^(RB|RO|SH|DG|[A-Z])/.exec(id)![1]!;
  return POWER_OF[head]!;
}

/** A status: its name and the rule that sets it. */
export function statusTip(ref: ZrReference, id: StatusId): Tip {
  const s = statusText(ref, id);
  return { id: `status:${id}`, title: s.name, parts: s.text ? [{ text: s.text }] : [] };
}

/** A dice token. */
export function tokenTip(v: number): Tip {
  const k = tokenText(v);
  return { id: `token:${v}`, title: k.name, parts: [{ text: k.text }] };
}

/** The statuses a piece has now. */
export function statusesOf(p: ZrView['pieces'][number]): StatusId[] {
  const out: StatusId[] = [];
  if (p.roared) out.push('roared');
  if (p.poisonedBy >= 0) out.push('poisoned');
  if (p.proud > 0) out.push('proud');
  if (p.rabbitPending) out.push('rabbit');
  if (p.attachedTo >= 0) out.push('attached');
  if (p.barrier > 0) out.push('barrier');
  return out;
}

/** A piece on the board: its animal's powers, then each status it has. */
export function pieceTip(ref: ZrReference, view: ZrView, seat: number, who: LocalText, chosen: boolean): Tip {
  const p = view.pieces[seat]!;
  const base: Tip = chosen ? zodiacTip(ref, p.zodiac) : { id: '', title: t('', ''), parts: [] };
  const parts = [...base.parts];
  for (const s of statusesOf(p)) {
    const st = statusText(ref, s);
    parts.unshift({ meta: st.name, text: st.text ?? st.name });
  }
  const title = chosen ? t(`${who.zh} · ${base.title.zh}`, `${who.en} · ${base.title.en}`) : who;
  return { id: `piece:${seat}`, title, parts };
}

/** The power a decision of the prompt is about (the power a Dog would negate, the barrier…). */
function decisionPower(prompt: Prompt, view: ZrView): PowerId | null {
  const top = view.stack[view.stack.length - 1];
  switch (prompt.kind) {
    case 'dog':
      return 'DG';
    case 'pig':
      return 'P1';
    case 'grab':
      return 'P1b';
    case 'gallop':
      return 'H1';
    case 'attach':
    case 'monkeyStart':
      return 'M1';
    case 'steal':
      return 'M2';
    case 'swap':
      return 'O2';
    default:
      return top && top.k === 'act' ? top.power : null;
  }
}

/**
 * The tip of a button of the prompt: an animal at the picker and among the transforms, the power
 * of a power button (and of a passive in a roll's choice), the power a reaction is about.
 */
export function choiceTip(ref: ZrReference, view: ZrView, prompt: Prompt, path: readonly string[], c: Choice): Tip | null {
  if ((ZODIACS as readonly string[]).includes(c.key)) return zodiacTip(ref, c.key as Zodiac);
  if (c.key.startsWith('to:')) return zodiacTip(ref, c.key.slice(3) as Zodiac);
  const power = /^power:(\w+)$/.exec(c.key)?.[1] ?? (path[0]?.startsWith('power:') ? path[0].slice(6) : null);
  if (power) return powerTip(ref, power as PowerId, zodiacOfPower(power as PowerId));
  if (c.key.startsWith('mods:')) {
    const mods = c.key.slice(5).split('+').filter((m) => m !== '-') as RollMod[];
    const tips = mods.map((m) => powerTip(ref, m, zodiacOfPower(m))).filter((x): x is Tip => x !== null);
    if (!tips.length) return null;
    return { id: c.key, title: tips.length === 1 ? tips[0]!.title : t(mods.join(' + '), mods.join(' + ')), parts: tips.flatMap((x) => x.parts.map((p) => ({ ...p, meta: p.meta ? t(`${x.title.zh} · ${p.meta.zh}`, `${x.title.en} · ${p.meta.en}`) : x.title }))) };
  }
  if (prompt.kind === 'main' || prompt.kind === 'choose' || prompt.kind === 'bonus' || prompt.kind === 'discard' || prompt.kind === 'star' || prompt.kind === 'offer') return null;
  if (c.key === 'pass' || c.key === 'go' || c.key === 'done' || c.key === 'detach') return null;
  const id = decisionPower(prompt, view);
  return id ? powerTip(ref, id, zodiacOfPower(id)) : null;
}
