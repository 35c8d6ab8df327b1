/**
 * Direct manipulation at the 斗福 table, as pure functions of the legal moves: what a click on a
 * card, the deck, a seat or the stack slot does (apply a move, pick something up, or attempt an
 * illegal move so the engine can say why), which places are legal targets right now, and the
 * step-by-step targeting of a skill. The table state keeps the pick; components only report clicks.
 */
import type { DoufuMove, SkillMove } from '../../../../../shared/games/doufu/types';
import type { DoufuView } from '../../../../../shared/games/doufu/view';

/** A place on the table a player can click. */
export type Spot =
  | { at: 'deck' }
  | { at: 'stack' }
  | { at: 'hand'; code: string }
  | { at: 'pool'; code: string }
  | { at: 'area'; code: string }
  | { at: 'peek'; code: string }
  | { at: 'spread'; index: number }
  | { at: 'seat'; seat: number };

/** What is held in the hand of the player at the screen, between two clicks. */
export type Pick =
  | { kind: 'none' }
  | { kind: 'hand'; code: string }
  | { kind: 'pool'; code: string }
  /** A skill being aimed: its card and the choices made so far, by stage key. */
  | { kind: 'skill'; card: string; chosen: Readonly<Record<string, string | number>> };

/** The empty pick. */
export const NO_PICK: Pick = { kind: 'none' };

/** What a click does. */
export type ClickResult =
  | { do: 'move'; move: DoufuMove }
  | { do: 'pick'; pick: Pick }
  /** Not legal: apply it anyway so the engine refuses it and says why, in the player's language. */
  | { do: 'try'; move: DoufuMove }
  | { do: 'none' };

type Move<T extends DoufuMove['type']> = Extract<DoufuMove, { type: T }>;
const ofType = <T extends DoufuMove['type']>(legal: readonly DoufuMove[], type: T): Move<T>[] => legal.filter((m): m is Move<T> => m.type === type);

/** The card naming a pool entry in moves: a 三叠 is named by its first card. */
export function entryHead(view: DoufuView, code: string): string {
  return view.pool.find((e) => e.includes(code))?.[0] ?? code;
}

/**
 * Whether the cards of the 三叠 `entry` are targets of their own now: only under
 * `santie_splittable`, when a legal 蒙换 or split eat takes one card of it. Otherwise a click on any
 * of its cards names the whole stack (see `resolveClick`), so the table draws it as one target.
 */
export function santieSplit(legal: readonly DoufuMove[], entry: readonly string[]): boolean {
  return legal.some((m) => (m.type === 'swap' || (m.type === 'eat' && m.split)) && entry.includes(m.take));
}

/** The card a click on pool card `code` names: the 三叠's first card, unless its cards are targets of their own. */
function stackTarget(view: DoufuView, legal: readonly DoufuMove[], code: string): string {
  const entry = view.pool.find((e) => e.includes(code));
  return entry && entry.length > 1 && !santieSplit(legal, entry) ? entry[0]! : code;
}

// ---------------------------------------------------------------- skills

/** One stage of aiming a skill: which field it chooses and what kind of thing is clicked for it. */
export interface SkillStage {
  key: 'source' | 'target' | 'take' | 'target2' | 'take2' | 'index';
  kind: 'card' | 'seat' | 'index';
  get(m: SkillMove): string | number | undefined;
}

/** The stages in the order a player answers them (玉猪's imitate/annul choice first). */
export const SKILL_STAGES: readonly SkillStage[] = [
  { key: 'source', kind: 'card', get: (m) => (m.imitate ? `imitate:${m.imitate}` : m.annul ? `annul:${m.annul}` : undefined) },
  { key: 'target', kind: 'seat', get: (m) => m.target },
  { key: 'take', kind: 'card', get: (m) => m.take },
  { key: 'target2', kind: 'seat', get: (m) => m.target2 },
  { key: 'take2', kind: 'card', get: (m) => m.take2 },
  { key: 'index', kind: 'index', get: (m) => m.index },
];

/** The card code a `card`-kind stage value stands for (`imitate:OX-FU` → `OX-FU`). */
export function stageCard(value: string | number): string {
  return String(value).replace(/^(imitate|annul):/, '');
}

/** Where aiming a skill stands: the moves still possible, the next question and its answers, or the one move left. */
export interface SkillAim {
  card: string;
  candidates: SkillMove[];
  /** The next question, or null when one move is left (ready to confirm). */
  stage: SkillStage | null;
  /** The answers to it, in first-seen order. */
  choices: (string | number)[];
  /** The move, once every question is answered. */
  move: SkillMove | null;
}

/**
 * Narrow a skill's legal activations by the answers so far.
 * @example aimSkill(legal, 'RAT-FU', {}).stage?.key // 'target'
 */
export function aimSkill(legal: readonly DoufuMove[], card: string, chosen: Readonly<Record<string, string | number>>): SkillAim {
  const candidates = ofType(legal, 'skill').filter((m) => m.card === card && SKILL_STAGES.every((st) => !(st.key in chosen) || st.get(m) === chosen[st.key]));
  for (const stage of SKILL_STAGES) {
    const values = candidates.map((m) => stage.get(m));
    if (values.every((v) => v === values[0])) continue;
    const choices = [...new Set(values.filter((v): v is string | number => v !== undefined))];
    return { card, candidates, stage, choices, move: null };
  }
  return { card, candidates, stage: null, choices: [], move: candidates[0] ?? null };
}

// ---------------------------------------------------------------- clicks

/**
 * What clicking `spot` does for `seat`, given its legal moves (empty when it is not its decision)
 * and the current pick.
 */
export function resolveClick(view: DoufuView, seat: number, legal: readonly DoufuMove[], pick: Pick, spot: Spot): ClickResult {
  const step = view.step;
  if (!legal.length) return spot.at === 'deck' ? { do: 'try', move: { type: 'draw', seat } } : { do: 'none' };
  if (spot.at === 'pool') spot = { at: 'pool', code: stackTarget(view, legal, spot.code) };
  if (pick.kind === 'skill') return skillClick(view, legal, pick, spot);
  const same = (p: Pick) => JSON.stringify(p) === JSON.stringify(pick);
  const toggle = (p: Pick): ClickResult => ({ do: 'pick', pick: same(p) ? NO_PICK : p });
  const legalOr = (m: DoufuMove): ClickResult => (legal.some((x) => JSON.stringify(x) === JSON.stringify(m)) ? { do: 'move', move: m } : { do: 'try', move: m });

  switch (step.k) {
    case 'turn':
      switch (spot.at) {
        case 'deck':
          return legalOr({ type: 'draw', seat });
        case 'hand':
          if (pick.kind === 'pool') return legalOr({ type: 'eat', seat, card: spot.code, take: pick.code });
          return toggle({ kind: 'hand', code: spot.code });
        case 'pool': {
          const head = entryHead(view, spot.code);
          if (pick.kind === 'hand') return legalOr({ type: 'eat', seat, card: pick.code, take: head });
          return toggle({ kind: 'pool', code: head });
        }
        case 'stack':
          return pick.kind === 'hand' ? legalOr({ type: 'stack', seat, card: pick.code }) : { do: 'none' };
        case 'area':
          if (ofType(legal, 'skill').some((m) => m.card === spot.code)) return { do: 'pick', pick: { kind: 'skill', card: spot.code, chosen: {} } };
          return ownSkillCard(view, seat, spot.code) ? { do: 'try', move: { type: 'skill', seat, card: spot.code } } : { do: 'none' };
        default:
          return { do: 'none' };
      }
    case 'swap':
    case 'ox': {
      const takeAt = step.k === 'swap' ? 'pool' : 'peek';
      if (spot.at === 'hand') {
        if (pick.kind === 'pool') return legalOr({ type: 'swap', seat, give: spot.code, take: pick.code });
        return toggle({ kind: 'hand', code: spot.code });
      }
      if (spot.at === takeAt) {
        if (pick.kind === 'hand') return legalOr({ type: 'swap', seat, give: pick.code, take: spot.code });
        return toggle({ kind: 'pool', code: spot.code });
      }
      return { do: 'none' };
    }
    case 'steal':
      return spot.at === 'area' ? legalOr({ type: 'steal', seat, card: spot.code }) : { do: 'none' };
    case 'pick':
      return spot.at === 'pool' ? legalOr({ type: 'pick', seat, take: spot.code }) : { do: 'none' };
    case 'roulette':
      return spot.at === 'spread' ? legalOr({ type: 'flip', seat, index: spot.index }) : { do: 'none' };
    default:
      return { do: 'none' }; // answered with the prompt's buttons
  }
}

function ownSkillCard(view: DoufuView, seat: number, code: string): boolean {
  const side = view.sideOfSeat[seat];
  const c = side === undefined ? undefined : view.areas[side]?.find((x) => x.code === code);
  return !!c && (c.skill !== undefined || c.code === 'PIG-YU');
}

function skillClick(view: DoufuView, legal: readonly DoufuMove[], pick: Extract<Pick, { kind: 'skill' }>, spot: Spot): ClickResult {
  const aim = aimSkill(legal, pick.card, pick.chosen);
  // Clicking the skill card again puts it down.
  if (spot.at === 'area' && spot.code === pick.card && Object.keys(pick.chosen).length === 0) return { do: 'pick', pick: NO_PICK };
  const stage = aim.stage;
  if (!stage) return { do: 'none' };
  let value: string | number | undefined;
  if (stage.kind === 'seat' && spot.at === 'seat') value = aim.choices.find((c) => c === spot.seat);
  if (stage.kind === 'card' && (spot.at === 'area' || spot.at === 'hand' || spot.at === 'pool' || spot.at === 'peek')) value = aim.choices.find((c) => stageCard(c) === spot.code);
  if (value === undefined) return { do: 'none' };
  return { do: 'pick', pick: { ...pick, chosen: { ...pick.chosen, [stage.key]: value } } };
}

/** Answer the current skill question with `value` (from the prompt's buttons). */
export function answerSkill(pick: Extract<Pick, { kind: 'skill' }>, stage: SkillStage, value: string | number): Pick {
  return { ...pick, chosen: { ...pick.chosen, [stage.key]: value } };
}

/** Every spot whose click makes progress now (a legal move or a useful pick): the table highlights them. */
export function legalSpots(view: DoufuView, seat: number, legal: readonly DoufuMove[], pick: Pick): Spot[] {
  if (!legal.length) return [];
  const out: Spot[] = [];
  const hand = view.hand ?? [];
  const poolCards = view.pool.flat();
  const areaCards = view.areas.flatMap((a) => a.map((c) => c.code));
  const candidates: Spot[] = [
    { at: 'deck' },
    { at: 'stack' },
    ...hand.map((code): Spot => ({ at: 'hand', code })),
    ...poolCards.map((code): Spot => ({ at: 'pool', code })),
    ...areaCards.map((code): Spot => ({ at: 'area', code })),
    ...(view.peek?.hand ?? []).map((code): Spot => ({ at: 'peek', code })),
    ...Array.from({ length: view.spreadCount }, (_, index): Spot => ({ at: 'spread', index })),
    ...view.sideOfSeat.map((_, s): Spot => ({ at: 'seat', seat: s })),
  ];
  for (const spot of candidates) {
    const r = resolveClick(view, seat, legal, pick, spot);
    if (r.do === 'move') out.push(spot);
    // With a card in hand only its targets light up (another card can still be picked instead,
    // it just is not advertised); while aiming a skill, every answer to its question does.
    else if (r.do === 'pick' && r.pick.kind !== 'none' && (pick.kind === 'none' || (pick.kind === 'skill' && r.pick.kind === 'skill')) && leadsSomewhere(view, seat, legal, r.pick)) out.push(spot);
  }
  return out;
}

/** Whether a pick can still end in a legal move (a hand card with nothing to eat or stack does not). */
function leadsSomewhere(view: DoufuView, seat: number, legal: readonly DoufuMove[], pick: Pick): boolean {
  switch (pick.kind) {
    case 'hand':
      return legal.some((m) => ('card' in m && m.type !== 'skill' && m.card === pick.code) || (m.type === 'swap' && m.give === pick.code));
    case 'pool':
      return legal.some((m) => (m.type === 'eat' && entryHead(view, m.take) === pick.code) || (m.type === 'swap' && m.take === pick.code));
    case 'skill':
      return aimSkill(legal, pick.card, pick.chosen).candidates.length > 0;
    default:
      return false;
  }
}

/** A stable key of a spot, for sets and DOM attributes. */
export function spotKey(s: Spot): string {
  switch (s.at) {
    case 'deck':
    case 'stack':
      return s.at;
    case 'spread':
      return `spread:${s.index}`;
    case 'seat':
      return `seat:${s.seat}`;
    default:
      return `${s.at}:${s.code}`;
  }
}
