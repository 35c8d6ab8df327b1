/**
 * The end-of-run summary: win rate per seat with 95 % Wilson intervals, hand length, how often each
 * of the 21 搭子 scored in a declaration, skill use, outcomes. Built from match results in match
 * order, so it is the same for any number of workers; `formatSummary` prints it.
 *
 * Every number except skill use and timing can be recounted from the JSONL records alone
 * (simulation.test.ts does): wins from the last hand's 福气, rows from the declarer's score area.
 */
import { COMBOS } from '../../../shared/games/doufu/scoring';
import type { SimConfig } from './config';
import type { MatchResult } from './match';
import type { Outcome } from './records';
import { wilson as labWilson, type Rate } from '../../../shared/lab/stats';

/** A proportion with its 95 % Wilson score interval. */
export type { Rate } from '../../../shared/lab/stats';

/**
 * Wilson score interval (z = 1.96) for `k` successes in `n` trials — the lab's, with an empty
 * interval [0, 0] when nothing was tried (the simulators' summaries print it so).
 */
export function wilson(k: number, n: number, z = 1.96): Rate {
  return n === 0 ? { count: k, of: n, rate: 0, lo: 0, hi: 0 } : labWilson(k, n, z);
}

/** The summary of a run (plain JSON). */
export interface SimSummary {
  game: string;
  players: number;
  mode: string;
  bots: string[];
  seed: string;
  matches: number;
  finished: number;
  draws: number;
  /** Per seat: matches won (a shared draw and an unfinished match are wins for nobody). */
  winRate: (Rate & { seat: number; bot: string })[];
  hands: { total: number; perMatch: number; outcomes: Record<Outcome, Rate> };
  /** Turns per hand. */
  handLength: { mean: number; median: number; p10: number; p90: number; max: number };
  /** W of declared hands. */
  W: { mean: number; max: number };
  /** Per row of the 21: declared hands whose settlement included it (21 = 涅槃 applied). */
  combos: { row: number; name: string; en: string; hands: Rate }[];
  /** Skill activations by skill, with uses per 100 hands. */
  skills: { skill: string; uses: number; per100Hands: number }[];
}

/** Timings of a run (they vary between runs and machines; kept apart from the summary). */
export interface SimTiming {
  ms: number;
  matchMs: number;
  moves: number;
  handsPerSec: number;
  searchDecisions: number;
  searchMsPerDecision: number;
}

/** Collects match results (in match order) into a summary. */
export class SummaryBuilder {
  private matches = 0;
  private finished = 0;
  private draws = 0;
  private wins: number[];
  private hands = 0;
  private outcomes: Record<Outcome, number> = { declared: 0, drawn: 0, dead: 0 };
  /** Hands by turn count. */
  private turns = new Map<number, number>();
  private wSum = 0;
  private wMax = 0;
  private rows = new Array<number>(22).fill(0);
  private skills = new Map<string, number>();
  private moves = 0;
  private matchMs = 0;
  private searchDecisions = 0;
  private searchMs = 0;

  constructor(private readonly cfg: SimConfig) {
    this.wins = new Array<number>(cfg.players).fill(0);
  }

  /** Add one match. */
  add(r: MatchResult): void {
    this.matches++;
    if (r.finished) this.finished++;
    if (r.draw) this.draws++;
    if (!r.draw) for (const w of r.winners) this.wins[w]!++; // a shared draw is no one's win
    for (let i = 0; i < r.records.length; i++) {
      const rec = r.records[i]!;
      this.hands++;
      this.outcomes[rec.outcome]++;
      this.turns.set(rec.turns, (this.turns.get(rec.turns) ?? 0) + 1);
      if (rec.W !== null) {
        this.wSum += rec.W;
        this.wMax = Math.max(this.wMax, rec.W);
      }
      for (const row of r.extras[i]!.rows) this.rows[row]!++;
      for (const [k, v] of Object.entries(r.extras[i]!.skills)) this.skills.set(k, (this.skills.get(k) ?? 0) + v);
    }
    this.moves += r.moves;
    this.matchMs += r.timing.ms;
    this.searchDecisions += r.timing.searchDecisions;
    this.searchMs += r.timing.searchMs;
  }

  /** The summary so far. */
  summary(): SimSummary {
    const cfg = this.cfg;
    const declared = this.outcomes.declared;
    return {
      game: cfg.game,
      players: cfg.players,
      mode: cfg.options.mode,
      bots: cfg.bots.slice(),
      seed: cfg.seed,
      matches: this.matches,
      finished: this.finished,
      draws: this.draws,
      winRate: this.wins.map((w, seat) => ({ seat, bot: cfg.bots[seat]!, ...wilson(w, this.matches) })),
      hands: {
        total: this.hands,
        perMatch: this.matches ? this.hands / this.matches : 0,
        outcomes: { declared: wilson(declared, this.hands), drawn: wilson(this.outcomes.drawn, this.hands), dead: wilson(this.outcomes.dead, this.hands) },
      },
      handLength: this.lengths(),
      W: { mean: declared ? this.wSum / declared : 0, max: this.wMax },
      combos: COMBOS.map((c) => ({ row: c.row, name: c.name, en: c.en, hands: wilson(this.rows[c.row]!, declared) })),
      skills: [...this.skills.entries()]
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .map(([skill, uses]) => ({ skill, uses, per100Hands: this.hands ? (100 * uses) / this.hands : 0 })),
    };
  }

  /** Timings so far (`ms` = wall clock of the run, measured by the caller). */
  timing(ms: number): SimTiming {
    return {
      ms,
      matchMs: this.matchMs,
      moves: this.moves,
      handsPerSec: ms > 0 ? (this.hands * 1000) / ms : 0,
      searchDecisions: this.searchDecisions,
      searchMsPerDecision: this.searchDecisions ? this.searchMs / this.searchDecisions : 0,
    };
  }

  private lengths(): SimSummary['handLength'] {
    const keys = [...this.turns.keys()].sort((a, b) => a - b);
    const n = this.hands;
    if (!n) return { mean: 0, median: 0, p10: 0, p90: 0, max: 0 };
    let sum = 0;
    for (const k of keys) sum += k * this.turns.get(k)!;
    const q = (f: number) => {
      const target = Math.ceil(f * n);
      let acc = 0;
      for (const k of keys) {
        acc += this.turns.get(k)!;
        if (acc >= target) return k;
      }
      return keys[keys.length - 1]!;
    };
    return { mean: sum / n, median: q(0.5), p10: q(0.1), p90: q(0.9), max: keys[keys.length - 1]! };
  }
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const ci = (r: Rate) => `${pct(r.rate)} [${pct(r.lo)}, ${pct(r.hi)}]`;

/** The summary as the CLI prints it. */
export function formatSummary(s: SimSummary, t?: SimTiming): string {
  const out: string[] = [];
  out.push(`${s.game} ${s.mode === '2v2' ? '2v2' : `${s.players} players`}, bots ${s.bots.join(',')}, seed ${s.seed}`);
  out.push(`${s.matches} matches (${s.finished} finished${s.draws ? `, ${s.draws} shared draws` : ''}${s.matches - s.finished ? `, ${s.matches - s.finished} stopped by --max-hands` : ''}), ${s.hands.total} hands (${s.hands.perMatch.toFixed(1)} per match)`);
  out.push('', 'Win rate per seat (95% Wilson interval):');
  for (const w of s.winRate) out.push(`  seat ${w.seat} ${w.bot.padEnd(9)} ${String(w.count).padStart(6)} / ${w.of}  ${ci(w)}`);
  const o = s.hands.outcomes;
  out.push('', `Outcomes: declared ${o.declared.count} (${pct(o.declared.rate)}), drawn 流局 ${o.drawn.count} (${pct(o.drawn.rate)}), dead 荒牌 ${o.dead.count} (${pct(o.dead.rate)})`);
  const h = s.handLength;
  out.push(`Hand length (turns): mean ${h.mean.toFixed(1)}, median ${h.median}, p10 ${h.p10}, p90 ${h.p90}, max ${h.max}`);
  out.push(`W of declared hands: mean ${s.W.mean.toFixed(2)}, max ${s.W.max}`);
  out.push('', `搭子 in the declarer's settlement (share of ${o.declared.count} declared hands):`);
  for (const c of s.combos) out.push(`  ${String(c.row).padStart(2)} ${c.name}${'　'.repeat(Math.max(0, 5 - c.name.length))} ${c.en.padEnd(32)} ${String(c.hands.count).padStart(7)}  ${pct(c.hands.rate).padStart(6)}`);
  out.push('', 'Skill use (activations, per 100 hands):');
  if (!s.skills.length) out.push('  none');
  for (const k of s.skills) out.push(`  ${k.skill.padEnd(22)} ${String(k.uses).padStart(7)}  ${k.per100Hands.toFixed(1)}`);
  if (t) {
    out.push('', `Time: ${(t.ms / 1000).toFixed(1)} s, ${Math.round(t.handsPerSec)} hands/s, ${t.moves} moves` + (t.searchDecisions ? `; search bot ${t.searchMsPerDecision.toFixed(1)} ms per decision (${t.searchDecisions} decisions)` : ''));
  }
  return out.join('\n');
}
