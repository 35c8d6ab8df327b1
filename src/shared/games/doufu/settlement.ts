/**
 * 斗福 end of hand (spec §5.7, §6.1–§6.4, §7.10–§7.11): settling a declaration (宣胜) in
 * free-for-all or 2v2, and the two hands that end without one: 流局 (drawn, sets 涅槃) and 荒牌
 * (dead, void). Returns everything the settlement screen shows: the declarer's rows, m, W, each
 * loser's offset and loss, the rebound, every 福气 change, eliminations, the next 福神 and the
 * match result.
 *
 * A *party* is a seat in free-for-all and a team in 2v2 (team 0 = seats 0 and 2, team 1 = seats
 * 1 and 3): 福气, score areas and settlement all work per party. Parties are indexed in clockwise
 * seat order and keep their index after elimination.
 *
 * Invariants: pure; 福气 changes are applied simultaneously; W ≥ 0; the declarer never gains;
 * Σ rebound charged to the declarer = Σ over losers of max(0, offset − W).
 */
import { assert, UsageError } from '../../util/assert';
import { DEFAULT_OPTIONS, type DoufuOptions } from './options';
import { comboLine, dealValue, type ComboLine, type Mode } from './scoring';

export type { Mode } from './scoring';

/** The part of an area score settlement reads. An `AreaScore` from scoring.ts fits as is. */
export interface PartyScore {
  /** F1+…+F8, the part 涅槃 multiplies. */
  readonly B: number;
  /** 人和 sets + 三叠 bonus T: the declarer's unmultiplied part, a loser's offset. */
  readonly H: number;
  /** Holds 泥猪癞狗 (福狗 + 福猪). */
  readonly nizhu: boolean;
  /** Best family value and 人和 sets: needed only for `settlement_value = declared_combo_only`. */
  readonly bestFamily?: number;
  readonly sets?: number;
  /** The declarer's rows, passed through to the settlement screen. */
  readonly combos?: readonly ComboLine[];
}

/** One party at the moment of settlement. */
export interface Party {
  /** 福气 before settlement. An inactive (eliminated) party keeps it unchanged. */
  readonly fuqi: number;
  /** Still in the match (福气 > 0 when the hand began). */
  readonly active: boolean;
  /** Its area score; required for every active party in an area win, ignored for a deal-time win. */
  readonly score?: PartyScore;
}

/** What was declared: combos in the score area, or 天时 / 地利 at deal time (§5.6). */
export type Win = { readonly kind: 'area' } | { readonly kind: 'deal'; readonly tianshi: boolean; readonly dili: boolean };

/** Input of {@link settle}. */
export interface SettleInput {
  readonly mode: Mode;
  /** The declaring party (seat, or team in 2v2). */
  readonly declarer: number;
  /** Every party in clockwise order, eliminated ones included (free-for-all: 2–4, 2v2: 2 teams). */
  readonly parties: readonly Party[];
  readonly win: Win;
  /** Consecutive 流局 immediately before this hand (0 = no 涅槃). */
  readonly nirvanaPending: number;
  readonly opts?: DoufuOptions;
}

/** One active party's lines on the settlement screen. */
export interface PartyLine {
  readonly party: number;
  readonly declarer: boolean;
  readonly before: number;
  /** Its 人和 offset H (0 for the declarer and at deal time). */
  readonly offset: number;
  /** max(0, W − offset): what it pays toward W. */
  readonly paysW: number;
  /** max(0, offset − W): what its offset throws back at the declarer (declarer: the sum). */
  readonly rebound: number;
  /** 1 if it pays for 泥猪癞狗 as a non-declarer [HI-54]. */
  readonly nizhu: number;
  /** Total 福气 lost. */
  readonly loss: number;
  readonly after: number;
  /** Eliminated by this settlement (福气 ≤ 0). */
  readonly eliminated: boolean;
}

/** Result of a declaration. */
export interface Settlement {
  readonly kind: 'won';
  readonly mode: Mode;
  readonly declarer: number;
  /** The rows that make up W (all of the declarer's rows, or only the best under `declared_combo_only`). */
  readonly combos: readonly ComboLine[];
  /** 涅槃 multiplier on B. */
  readonly m: number;
  /** The declarer's B and H as counted (deal time: B = 天时/地利 points, H = 0). */
  readonly B: number;
  readonly H: number;
  /** max(0, m·B + H): what each other party loses before its offset. */
  readonly W: number;
  /** One line per active party, in party order. */
  readonly lines: readonly PartyLine[];
  /** Total rebound the declarer pays. */
  readonly rebound: number;
  /** 福气 lost per party (0 for inactive parties), and 福气 after, by party index. */
  readonly loss: readonly number[];
  readonly fuqiAfter: readonly number[];
  /** Parties eliminated by this settlement. */
  readonly eliminated: readonly number[];
  /** Parties still in after it. */
  readonly active: readonly number[];
  /** 涅槃 is used up by any won hand. */
  readonly nirvanaPending: 0;
  /** Next 福神 (2v2: 福神队); null once the match is over [HI-58]. */
  readonly nextFortuneGod: number | null;
  /** Players the next hand is dealt for (the deal-table row) [HI-57]. */
  readonly nextHandPlayers: number;
  readonly matchOver: boolean;
  /** The winner, or the players sharing a draw [HI-59]; empty while the match goes on. */
  readonly winners: readonly number[];
  readonly draw: boolean;
}

/**
 * The 涅槃 multiplier after `k` consecutive 流局: 1 if none, else 2, or 2^k with `nirvana_stacking` [HI-56].
 * @example nirvanaMultiplier(2, DEFAULT_OPTIONS) // → 2
 */
export function nirvanaMultiplier(k: number, opts: DoufuOptions = DEFAULT_OPTIONS): number {
  assert(Number.isInteger(k) && k >= 0, `nirvanaPending counts consecutive drawn hands, a whole number ≥ 0 (got ${k}).`);
  if (k === 0) return 1;
  return opts.nirvana_stacking ? 2 ** k : 2;
}

/**
 * Settle a declaration (spec §5.7, §6.1, §6.4; 2v2 §7.10–§7.11).
 * @example settle({ mode: 'ffa', declarer: 0, parties, win: { kind: 'area' }, nirvanaPending: 0 }).W
 */
export function settle(input: SettleInput): Settlement {
  const { mode, declarer, parties, win } = input;
  const opts = input.opts ?? DEFAULT_OPTIONS;
  checkInput(input);
  const m = nirvanaMultiplier(input.nirvanaPending, opts);
  const { B, H, W, combos } = declaredValue(input, m, opts);

  // Each other active party's offset and payment, then the declarer's rebound (their sum), then
  // one line per party in party order. Plain loops building each line once: this runs at the end
  // of every hand the simulator plays, and the sort-and-spread form it replaces cost ~3 % of a
  // random-bot hand.
  const loss = parties.map(() => 0);
  const offset = parties.map(() => 0);
  const paysW = parties.map(() => 0);
  const back = parties.map(() => 0);
  const nizhu = parties.map(() => 0);
  let rebound = 0;
  for (let i = 0; i < parties.length; i++) {
    if (!parties[i].active || i === declarer) continue;
    // Deal time: everyone else has an empty score area, so no offset and no 泥猪癞狗 (§5.6).
    const s = win.kind === 'area' ? parties[i].score! : { H: 0, nizhu: false };
    offset[i] = s.H;
    paysW[i] = Math.max(0, W - s.H);
    back[i] = Math.max(0, s.H - W);
    nizhu[i] = s.nizhu && opts.nizhu_applies_to_non_declarers ? 1 : 0;
    rebound += back[i];
    loss[i] = paysW[i] + nizhu[i];
  }
  loss[declarer] = rebound;
  back[declarer] = rebound;
  const fuqiAfter = parties.map((p, i) => p.fuqi - loss[i]);
  const lines: PartyLine[] = [];
  for (let i = 0; i < parties.length; i++) {
    if (i !== declarer && !parties[i].active) continue;
    const after = fuqiAfter[i];
    lines.push({ party: i, declarer: i === declarer, before: parties[i].fuqi, offset: offset[i], paysW: paysW[i], rebound: back[i], nizhu: nizhu[i], loss: loss[i], after, eliminated: after <= 0 });
  }

  const wasActive = parties.map((p, i) => i).filter((i) => parties[i].active);
  const active = wasActive.filter((i) => fuqiAfter[i] > 0);
  const eliminated = wasActive.filter((i) => fuqiAfter[i] <= 0);
  const result = matchResult(mode, declarer, wasActive, active, fuqiAfter);
  return {
    kind: 'won', mode, declarer, combos, m, B, H, W, lines, rebound, loss, fuqiAfter, eliminated, active,
    nirvanaPending: 0,
    nextFortuneGod: result.matchOver ? null : nextFortuneGod(declarer, active, parties.length),
    nextHandPlayers: mode === '2v2' ? 4 : opts.deal_counts_by_active_players ? active.length : parties.length,
    // Spelled out, not spread: a literal with a spread builds its object the slow way.
    matchOver: result.matchOver,
    winners: result.winners,
    draw: result.draw,
  };
}

/** W and the rows behind it (§5.7, [HI-52], [HI-56]). */
function declaredValue(input: SettleInput, m: number, opts: DoufuOptions): { B: number; H: number; W: number; combos: ComboLine[] } {
  const { win } = input;
  const bestOnly = opts.settlement_value === 'declared_combo_only';
  if (win.kind === 'deal') {
    // Under declared_combo_only the single best deal combo is 天时 (12) whenever it is present.
    const B = bestOnly ? dealValue(win.tianshi, false, opts) || dealValue(false, win.dili, opts) : dealValue(win.tianshi, win.dili, opts);
    const rows = ([[17, win.tianshi], [18, win.dili && !(win.tianshi && (bestOnly || !opts.tianshi_dili_cumulative))]] as const)
      .filter(([, on]) => on).map(([row]) => comboLine(row));
    return { B, H: 0, W: m * B, combos: rows };
  }
  const s = input.parties[input.declarer].score!;
  const all = [...(s.combos ?? [])];
  if (!bestOnly) return { B: s.B, H: s.H, W: Math.max(0, m * s.B + s.H), combos: all };
  assert(s.bestFamily !== undefined && s.sets !== undefined,
    'settlement_value = declared_combo_only needs the declarer\'s bestFamily and sets; pass the AreaScore from areaScore().');
  // The single best qualifying combo: a family row (multiplied by 涅槃) or one 人和 set (1, never multiplied).
  const family = m * s.bestFamily;
  const useSet = s.sets > 0 && 1 > family;
  const best = all.filter((c) => (useSet ? c.row === 19 : c.row !== 19 && c.row !== 20 && c.points === s.bestFamily)).slice(0, 1);
  return useSet ? { B: 0, H: 1, W: 1, combos: best } : { B: s.bestFamily, H: 0, W: family, combos: best };
}

function checkInput({ mode, declarer, parties, win }: SettleInput): void {
  // Each message is built only when its check fails: this runs at the end of every won hand.
  if (mode !== 'ffa' && mode !== '2v2') throw new UsageError(`mode is 'ffa' or '2v2' (got ${JSON.stringify(mode)}).`);
  if (mode === '2v2') {
    if (parties.length !== 2) throw new UsageError(`In 2v2 the parties are the 2 teams (got ${parties.length}).`);
  } else if (parties.length < 2 || parties.length > 4) throw new UsageError(`Free-for-all has 2–4 seats (got ${parties.length}).`);
  if (!Number.isInteger(declarer) || !parties[declarer]?.active) throw new UsageError(`declarer must be the index of an active party (got ${declarer}).`);
  let active = 0;
  for (let i = 0; i < parties.length; i++) {
    const p = parties[i];
    if (!Number.isFinite(p.fuqi)) throw new UsageError(`Party ${i} needs a numeric fuqi.`);
    if (!p.active) continue;
    active++;
    if (p.fuqi <= 0) throw new UsageError(`Party ${i} is active with 福气 ${p.fuqi}; a party at ≤ 0 is eliminated (mark it active: false).`);
    if (win.kind === 'area' && !p.score) throw new UsageError(`Party ${i} needs its area score for an area win; pass areaScore(...) or { B, H, nizhu }.`);
  }
  assert(active >= 2, 'A hand needs at least 2 active parties.');
}

/** §6.4 / [HI-59] for free-for-all, §7.11 / [HI-65] for 2v2. */
function matchResult(mode: Mode, declarer: number, wasActive: number[], active: number[], fuqi: readonly number[]): { matchOver: boolean; winners: number[]; draw: boolean } {
  if (mode === 'ffa' ? active.length >= 2 : active.length === 2) return { matchOver: false, winners: [], draw: false };
  if (active.length === 1) return { matchOver: true, winners: active, draw: false };
  const top = Math.max(...wasActive.map((i) => fuqi[i]));
  const tied = wasActive.filter((i) => fuqi[i] === top);
  if (tied.length === 1) return { matchOver: true, winners: tied, draw: false };
  if (tied.includes(declarer)) return { matchOver: true, winners: [declarer], draw: false };
  return { matchOver: true, winners: tied, draw: true };
}

/** The declarer, or if a rebound eliminated it, the next active party clockwise [HI-58]. */
function nextFortuneGod(declarer: number, active: number[], n: number): number {
  for (let k = 0; k < n; k++) if (active.includes((declarer + k) % n)) return (declarer + k) % n;
  return declarer; // unreachable: the match is over when nobody is active
}

/** A 流局 (spec §6.2): no 福气 changes, 涅槃 becomes pending, the same 福神 (2v2: 福神队) deals again. */
export interface DrawnHand {
  readonly kind: 'liuju';
  readonly nirvanaPending: number;
  /** The multiplier the next won hand will use. */
  readonly m: number;
  readonly nextFortuneGod: number;
}

/**
 * Outcome of a 流局: the Roulette spread ran out with no declaration.
 * @example drawnHand({ nirvanaPending: 0, fortuneGod: 0 }).m // → 2
 */
export function drawnHand(prev: { nirvanaPending: number; fortuneGod: number }, opts: DoufuOptions = DEFAULT_OPTIONS): DrawnHand {
  const k = prev.nirvanaPending + 1;
  return { kind: 'liuju', nirvanaPending: k, m: nirvanaMultiplier(k, opts), nextFortuneGod: prev.fortuneGod };
}

/** A 荒牌 (spec §6.3, [HI-11]): four of a zodiac in the pool. */
export interface DeadHand {
  readonly kind: 'huangpai';
  /** The hand is void and is redealt; false only mid-hand with `midhand_huangpai_voids_hand` off (play goes on). */
  readonly voided: boolean;
  /** Unchanged: a dead hand is not a drawn hand. */
  readonly nirvanaPending: number;
  /** Unchanged. */
  readonly nextFortuneGod: number;
}

/**
 * Outcome of a 荒牌 at deal time or mid-hand (蒙换, 福虎). No settlement, no 涅槃 change, same 福神;
 * a deal-time redeal does not use up a reshuffle right (the engine's concern).
 */
export function deadHand(prev: { nirvanaPending: number; fortuneGod: number }, at: 'deal' | 'midhand', opts: DoufuOptions = DEFAULT_OPTIONS): DeadHand {
  const voided = at === 'deal' || opts.midhand_huangpai_voids_hand;
  return { kind: 'huangpai', voided, nirvanaPending: prev.nirvanaPending, nextFortuneGod: prev.fortuneGod };
}
