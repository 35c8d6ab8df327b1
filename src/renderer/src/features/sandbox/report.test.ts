import { describe, expect, it } from 'vitest';
import { Match } from '../../../../shared/engine';
import { readTableFile, sandbox, type TableCardRow } from '../../../../shared/games/sandbox';
import { SandboxLines } from './sandbox-log';
import { jsonlReport, markdownReport } from './report';

const rows: TableCardRow[] = Array.from({ length: 12 }, (_, i) => ({ id: `b${i + 1}`, fields: { id: `b${i + 1}`, copies: '1', name: `Beast ${i + 1}` } }));
const names = Object.fromEntries(rows.map((r) => [r.id, r.fields.name!]));

/** A 3-seat playtest: deal 3 each, seat 1 plays a card and scores, then passes. */
function played() {
  const options = readTableFile(null, rows).options;
  const m = Match.create(sandbox, { seed: 'report', players: 3, options });
  const ok = (r: { ok: boolean }) => expect(r.ok).toBe(true);
  ok(m.apply({ type: 'deal', seat: 0, from: 'deck', to: 'hand', count: 3 }));
  const card = m.state.zones['hand@0']![0]!;
  ok(m.apply({ type: 'move', seat: 0, cards: [card], to: 'table', x: 10, y: 10 }));
  ok(m.apply({ type: 'counter', seat: 0, counter: 'score@0', delta: 2 }));
  ok(m.apply({ type: 'pass', seat: 0 }));
  return { m, played: m.state.cards[card]!.c };
}

describe('the sandbox log and the playtest export', () => {
  it('names a hand card only to its seat; the table card to everyone; notes after their move', () => {
    const { m, played: shown } = played();
    const notes = [{ step: 3, at: Date.UTC(2026, 0, 1, 9, 30), text: 'scored too fast' }];
    const lines = new SandboxLines((id) => names[id] ?? id, () => notes);
    const seat1 = m.state.zones['hand@1']!.map((i) => names[m.state.cards[i]!.c]!);
    const text = (viewer: number | null) => lines.lines(m, m.length, viewer).map((l) => l.text.en).join('\n');
    for (const n of seat1) {
      expect(text(1)).toContain(n);
      expect(text(0)).not.toContain(n);
      expect(text(null)).not.toContain(n);
    }
    expect(text(2)).toContain(names[shown]!);
    // The deal is one line, the same words to every reader save the cards each may know.
    const dealt = (viewer: number | null) => lines.lines(m, m.length, viewer).filter((l) => l.move === 0);
    expect(dealt(null).map((l) => l.text.en)).toEqual(['Seat 1 dealt 3 cards from Deck to each of seats 1–3']);
    expect(dealt(null).map((l) => l.text.zh)).toEqual(['座位 1 从牌堆给座位 1–3 各发 3 张']);
    expect(dealt(1)[0]!.text.en).toBe(`Seat 1 dealt 3 cards from Deck to each of seats 1–3; Seat 2 got ${seat1.join(', ')}`);
    // In a replay stopped before the deal, nothing of it is told.
    expect(lines.lines(m, 0, 1).some((l) => l.text.en.includes('dealt'))).toBe(false);
    const all = lines.lines(m, m.length, null);
    const at = all.findIndex((l) => l.text.en.includes('scored too fast'));
    expect(all[at - 1]!.text.en).toMatch(/set Seat 1's Score from 0 to 2/);
    expect(all[at + 1]!.text.en).toMatch(/ended the turn/);
  });

  it('reports the setup, the whole log with notes and the final counters; JSONL has one record a line', () => {
    const { m } = played();
    const notes = [{ step: 2, at: Date.UTC(2026, 0, 1), text: 'a *note* | with pipes' }];
    const log = new SandboxLines((id) => names[id] ?? id, () => notes).lines(m, m.length, 'all');
    const x = { match: m, seats: [{ kind: 'human' as const }, { kind: 'human' as const }, { kind: 'bot' as const, level: 'pass' }], notes, log, names, project: 'Beasts', at: Date.UTC(2026, 0, 2) };
    const en = markdownReport(x, 'en');
    expect(en).toContain('# Playtest report · Beasts');
    expect(en).toContain('| Deck | 12 | 3 |');
    expect(en).toContain('| Seat 1 · Score | 2 |');
    expect(en).toContain('a \\*note\\* \\| with pipes');
    expect(en).toContain('Seat 3 (empty)');
    // The designer's report names every seat's cards on the deal's one line.
    const deal = en.split('\n').filter((l) => l.includes('dealt'));
    expect(deal).toHaveLength(1);
    const hand = (s: number) => m.state.zones[`hand@${s}`]!.map((i) => names[m.state.cards[i]!.c]).join(', ');
    expect(deal[0]).toContain('Seat 1 got ');
    for (const s of [1, 2]) expect(deal[0]).toContain(`Seat ${s + 1} got ${hand(s)}`);
    expect(markdownReport(x, 'zh')).toContain('## 最终计数');
    const records = jsonlReport(x).trim().split('\n').map((l) => JSON.parse(l) as { type: string; step?: number });
    expect(records.map((r) => r.type)).toEqual(['setup', 'move', 'move', 'note', 'move', 'move', 'end']);
  });
});
