/**
 * Dice tokens (spec §2.2, §6.4): colours, payments and cost clauses. A payment is a sorted list of
 * token values; a clause (§7.11) says which payments are acceptable, and a Dog negating an
 * activation must pay a payment of the same clause.
 */
import type { Clause, Pay } from './types';

/** The token cap (spec §6.4). */
export const TOKEN_CAP = 12;

/** Red tokens are 1 and 4; 2, 3, 5, 6 are blue (spec §13 #6). */
export function isRed(v: number): boolean {
  return v === 1 || v === 4;
}

/** Tokens held in total. */
export function count(tok: readonly number[]): number {
  return tok[0]! + tok[1]! + tok[2]! + tok[3]! + tok[4]! + tok[5]!;
}

/**
 * The values held as a mask: bit v − 1 set when value v is held. Without a branch per value (a
 * count c of 0–12 has its sign bit set in −c exactly when c > 0): which values a piece holds is
 * as good as random from one call to the next, so branches here were mispredicted half the time.
 */
export function heldMask(tok: readonly number[]): number {
  return (-tok[0]! >>> 31) | ((-tok[1]! >>> 31) << 1) | ((-tok[2]! >>> 31) << 2) | ((-tok[3]! >>> 31) << 3) | ((-tok[4]! >>> 31) << 4) | ((-tok[5]! >>> 31) << 5);
}

/** Whether `tok` holds every token of `pay`. */
export function canPay(tok: readonly number[], pay: readonly number[]): boolean {
  const need = [0, 0, 0, 0, 0, 0];
  for (const v of pay) {
    if (!Number.isInteger(v) || v < 1 || v > 6) return false;
    if (++need[v - 1]! > tok[v - 1]!) return false;
  }
  return true;
}

/** Whether `x` is a list of token values (1–6). */
export function isPay(x: unknown): x is Pay {
  return Array.isArray(x) && x.length <= 12 && x.every((v) => Number.isInteger(v) && v >= 1 && v <= 6);
}

/** Multisets of `size` tokens drawn from `tok`, values limited to `allowed` (ascending, sorted lists). */
export function multisets(tok: readonly number[], size: number, allowed: readonly number[] = [1, 2, 3, 4, 5, 6]): Pay[] {
  const out: Pay[] = [];
  const cur: number[] = [];
  const rec = (i: number, left: number) => {
    if (left === 0) return void out.push(cur.slice());
    if (i >= allowed.length) return;
    const v = allowed[i]!;
    const have = tok[v - 1]!;
    for (let k = Math.min(have, left); k >= 0; k--) {
      for (let j = 0; j < k; j++) cur.push(v);
      rec(i + 1, left - k);
      cur.length -= k;
    }
  };
  rec(0, size);
  return out;
}

/** Multisets of held tokens whose values sum to exactly `sum`. */
export function sums(tok: readonly number[], sum: number): Pay[] {
  const out: Pay[] = [];
  const cur: number[] = [];
  const rec = (v: number, left: number) => {
    if (left === 0) return void out.push(cur.slice());
    if (v > 6) return;
    const have = Math.min(tok[v - 1]!, Math.floor(left / v));
    for (let k = have; k >= 0; k--) {
      for (let j = 0; j < k; j++) cur.push(v);
      rec(v + 1, left - k * v);
      cur.length -= k;
    }
  };
  rec(1, sum);
  return out;
}

const RED = [1, 4];
const BLUE = [2, 3, 5, 6];

/** Every payment of a clause that `tok` can make (fresh lists: the caller may keep or change them). */
export function payments(tok: readonly number[], clause: Clause): Pay[] {
  return copies(sharedPayments(tok, clause));
}

/**
 * `payments` without the copies: the lists of the clause's table itself, which nobody may change.
 * For a random pick that builds the moves only to draw one of them (`randomMove` copies the payment
 * of the one it returns): a main phase lists up to a few dozen payments, and copying each one was
 * a sizeable share of the simulator's garbage.
 */
export function sharedPayments(tok: readonly number[], clause: Clause): readonly (readonly number[])[] {
  if (clause.startsWith('v1:')) {
    const v = Number(clause.slice(3));
    return tok[v - 1]! > 0 ? [[v]] : [];
  }
  const table = PAY_TABLES[clause];
  return table ? lookup(table, tok, computePayments, clause) : [];
}

/**
 * Payment lists by holdings, one table per clause: a count above what the clause can use (`caps`)
 * lists the same payments, so each clause has a small table (at most 16,380 entries, for `sum12`)
 * filled on first use. A bot's main phase lists the same payments over and over. Lists in a table
 * are handed out as copies, or read-only to a random pick (`sharedPayments`).
 */
interface PayTable {
  caps: readonly number[];
  lists: (readonly Pay[] | undefined)[];
}

function payTable(caps: readonly number[]): PayTable {
  return { caps, lists: new Array<readonly Pay[] | undefined>(caps.reduce((a, c) => a * (c + 1), 1)) };
}

const c6 = (n: number) => [n, n, n, n, n, n];
const PAY_TABLES: Record<string, PayTable> = {
  red2: payTable(c6(2)),
  ones3: payTable(c6(3)),
  red4: payTable(c6(4)),
  six2: payTable(c6(2)),
  sum12: payTable([12, 6, 4, 3, 2, 2]),
  run5: payTable(c6(1)),
  blue4: payTable(c6(4)),
  pair: payTable(c6(2)),
  any3: payTable(c6(3)),
  five: payTable(c6(1)),
};
const SNAKE_TABLES = [payTable(c6(4)), payTable(c6(4))] as const;

/** The table's list for `tok`, computed by `compute(tok, arg)` on first use (a plain function and its argument: no closure per lookup). */
function lookup<A>(t: PayTable, tok: readonly number[], compute: (tok: readonly number[], arg: A) => Pay[], arg: A): readonly Pay[] {
  const caps = t.caps;
  let key = 0;
  for (let i = 0; i < 6; i++) {
    const k = tok[i]!;
    const c = caps[i]!;
    key = key * (c + 1) + (k < c ? k : c);
  }
  return (t.lists[key] ??= compute(tok, arg));
}

function copies(list: readonly (readonly number[])[]): Pay[] {
  const out: Pay[] = [];
  for (let i = 0; i < list.length; i++) out.push(list[i]!.slice());
  return out;
}

function computePayments(tok: readonly number[], clause: Clause): Pay[] {
  switch (clause) {
    case 'red2':
      return multisets(tok, 2, RED);
    case 'ones3':
      return tok[0]! >= 3 ? [[1, 1, 1]] : [];
    case 'red4':
      return multisets(tok, 4, RED);
    case 'six2':
      return tok[5]! >= 2 ? [[6, 6]] : [];
    case 'sum12':
      return sums(tok, 12);
    case 'run5':
      return [
        [1, 2, 3, 4, 5],
        [2, 3, 4, 5, 6],
      ].filter((p) => canPay(tok, p));
    case 'blue4':
      return multisets(tok, 4, BLUE);
    case 'pair':
      return [1, 2, 3, 4, 5, 6].filter((v) => tok[v - 1]! >= 2).map((v) => [v, v]);
    case 'any3':
      return multisets(tok, 3);
    case 'five':
      return tok[4]! > 0 ? [[5]] : [];
    default:
      return [];
  }
}

/** Whether some payment of the clause is possible (cheaper than listing them). */
export function canPayClause(tok: readonly number[], clause: Clause): boolean {
  switch (clause) {
    case 'red2':
      return tok[0]! + tok[3]! >= 2;
    case 'red4':
      return tok[0]! + tok[3]! >= 4;
    case 'blue4':
      return tok[1]! + tok[2]! + tok[4]! + tok[5]! >= 4;
    case 'any3':
      return count(tok) >= 3;
    case 'five':
      return tok[4]! > 0;
    default: {
      if (clause.startsWith('v1:')) return tok[Number(clause.slice(3)) - 1]! > 0;
      const table = PAY_TABLES[clause];
      return table !== undefined && lookup(table, tok, computePayments, clause).length > 0;
    }
  }
}

/** Whether `pay` (sorted or not) satisfies the clause. */
export function fitsClause(pay: readonly number[], clause: Clause): boolean {
  const p = [...pay].sort((a, b) => a - b);
  const all = (f: (v: number) => boolean) => p.every(f);
  if (clause.startsWith('v1:')) return p.length === 1 && p[0] === Number(clause.slice(3));
  switch (clause) {
    case 'red2':
      return p.length === 2 && all(isRed);
    case 'ones3':
      return p.length === 3 && all((v) => v === 1);
    case 'red4':
      return p.length === 4 && all(isRed);
    case 'six2':
      return p.length === 2 && all((v) => v === 6);
    case 'sum12':
      return p.length > 0 && p.reduce((a, b) => a + b, 0) === 12;
    case 'run5':
      return p.length === 5 && p.every((v, i) => v === p[0]! + i) && (p[0] === 1 || p[0] === 2);
    case 'blue4':
      return p.length === 4 && all((v) => !isRed(v));
    case 'pair':
      return p.length === 2 && p[0] === p[1];
    case 'any3':
      return p.length === 3;
    case 'five':
      return p.length === 1 && p[0] === 5;
    default:
      return false;
  }
}

/** Snake S1 payments: 4 blue, or (S2, once per turn) one red counted as two blue + 2 blue. */
export function snakePayments(tok: readonly number[], s2: boolean): Pay[] {
  return copies(sharedSnakePayments(tok, s2));
}

/** `snakePayments` without the copies (see `sharedPayments`). */
export function sharedSnakePayments(tok: readonly number[], s2: boolean): readonly (readonly number[])[] {
  return lookup(SNAKE_TABLES[s2 ? 1 : 0], tok, computeSnake, s2);
}

function computeSnake(tok: readonly number[], s2: boolean): Pay[] {
  const out = multisets(tok, 4, BLUE);
  if (s2)
    for (const r of RED) {
      if (tok[r - 1]! === 0) continue;
      for (const b of multisets(tok, 2, BLUE)) out.push([...b, r].sort((x, y) => x - y));
    }
  return out;
}

/** Whether a Snake payment is valid, and whether it used S2. */
export function snakePayKind(pay: readonly number[]): 'plain' | 's2' | null {
  let reds = 0;
  for (const v of pay) if (isRed(v)) reds++;
  if (pay.length === 4 && reds === 0) return 'plain';
  if (pay.length === 3 && reds === 1) return 's2';
  return null;
}

/** Remove a payment from holdings (mutates `tok`; the caller checked `canPay`). */
export function take(tok: number[], pay: readonly number[]): void {
  for (const v of pay) tok[v - 1]!--;
}

/** The values held, ascending (one entry per token). */
export function held(tok: readonly number[]): number[] {
  const out: number[] = [];
  for (let v = 1; v <= 6; v++) for (let k = 0; k < tok[v - 1]!; k++) out.push(v);
  return out;
}
