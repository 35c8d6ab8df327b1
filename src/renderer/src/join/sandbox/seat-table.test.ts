import { describe, expect, it } from 'vitest';
import { Match } from '../../../../shared/engine/runner';
import { readTableFile, sandbox, type SandboxMove } from '../../../../shared/games/sandbox';
import { LAN_FACE_IDS, LAN_FACE_KEY } from '../../../../shared/lan/protocol';
import { faceKey, sandboxCards } from '../../state/lan-packets';
import { legalOf, seatFace, seatTable, splitKey } from './seat-table';

const ROWS = Array.from({ length: 10 }, (_, i) => ({ id: `c${i + 1}`, fields: { id: `c${i + 1}`, name: `Card ${i + 1}` } }));
const OPTIONS = readTableFile(null, ROWS, ['id', 'name']).options;

describe('the sandbox table as a seat device draws it', () => {
  it('splits per-seat keys', () => {
    expect(splitKey('hand@2')).toEqual({ id: 'hand', owner: 2 });
    expect(splitKey('deck')).toEqual({ id: 'deck', owner: null });
  });

  it('shows its own hand by card id, the other hands as counts only, and names zones, counters and dice from the set-up', () => {
    const m = Match.create(sandbox, { seed: 'seat-table', players: 2, options: OPTIONS });
    for (let k = 0; k < 3; k++) expect(m.apply({ type: 'draw', seat: 0, from: 'deck', count: 1 }).ok).toBe(true);
    expect(m.apply({ type: 'pass', seat: 0 }).ok).toBe(true);
    expect(m.apply({ type: 'draw', seat: 1, from: 'deck', count: 1 }).ok).toBe(true);
    const t = seatTable(m.view(1));
    expect(t.hand?.key).toBe('hand@1');
    expect(t.hand?.cards.map((c) => c.c)).toEqual([m.state.cards[m.state.zones['hand@1']![0]!]!.c]);
    expect(t.otherHands).toEqual([{ owner: 0, count: 3 }]);
    // Nothing of seat 1's table holds seat 0's hand.
    const theirs = new Set(m.state.zones['hand@0']);
    expect(t.zones.flatMap((z) => z.cards).some((c) => theirs.has(c.i))).toBe(false);
    expect(t.zones.map((z) => z.key)).toEqual(['deck', 'discard', 'table', 'play@1', 'play@0']);
    expect(t.zones[0]!.name.en).toBe('Deck');
    expect(t.counters.map((c) => [c.key, c.name.en, c.owner, c.value])).toEqual([
      ['score@0', 'Score', 0, 0],
      ['score@1', 'Score', 1, 0],
    ]);
    expect(t.dice).toEqual([{ id: 'd6', name: { zh: '骰子', en: 'Die' }, face: null }]);
    expect(m.apply({ type: 'roll', seat: 1, die: 'd6' }).ok).toBe(true);
    expect(seatTable(m.view(1)).dice[0]!.face).toMatch(/^[1-6]$/);
  });

  it('a spectator has no hand and sees every hand as a count', () => {
    const m = Match.create(sandbox, { seed: 'seat-table', players: 2, options: OPTIONS });
    const t = seatTable(m.view(null));
    expect(t.hand).toBeNull();
    expect(t.otherHands.map((h) => h.owner)).toEqual([0, 1]);
  });

  it('finds the legal move a button stands for', () => {
    const legal: SandboxMove[] = [
      { type: 'draw', seat: 0, from: 'deck', count: 1 },
      { type: 'counter', seat: 0, counter: 'score@0', delta: 1 },
      { type: 'counter', seat: 0, counter: 'score@0', delta: -1 },
    ];
    expect(legalOf(legal, 'draw', (x) => x.from === 'deck')).toBe(legal[0]);
    expect(legalOf(legal, 'draw', (x) => x.from === 'discard')).toBeUndefined();
    expect(legalOf(legal, 'counter', (x) => x.delta === -1)).toBe(legal[2]);
    expect(legalOf(legal, 'pass')).toBeUndefined();
  });
});

describe('card names and faces on a seat device', () => {
  it('a seat is named exactly the cards its view shows, with faces; another seat’s hand and a face-down pile stay backs', () => {
    const m = Match.create(sandbox, { seed: 'seat-faces', players: 2, options: OPTIONS });
    for (let k = 0; k < 3; k++) expect(m.apply({ type: 'draw', seat: 0, from: 'deck', count: 1 }).ok).toBe(true);
    const played = m.state.zones['hand@0']![0]!;
    expect(m.apply({ type: 'move', seat: 0, cards: [played], to: 'table' }).ok).toBe(true);
    expect(m.apply({ type: 'pass', seat: 0 }).ok).toBe(true);
    expect(m.apply({ type: 'draw', seat: 1, from: 'deck', count: 2 }).ok).toBe(true);
    const names = Object.fromEntries(ROWS.map((r) => [r.id, r.fields.name]));
    const face = (id: string) => ({ key: faceKey(`<svg>${id}</svg>`), svg: `<svg><clipPath id="${LAN_FACE_IDS}c0"/><text>${id}</text></svg>` });
    const back = { key: faceKey('<svg>back</svg>'), svg: `<svg><clipPath id="${LAN_FACE_IDS}c0"/>back</svg>` };
    const idOf = (i: number) => m.state.cards[i]!.c;
    const mine1 = m.state.zones['hand@1']!.map(idOf);
    const theirs = m.state.zones['hand@0']!.map(idOf);
    const cards1 = sandboxCards(m.view(1), names, face, back);
    expect(Object.keys(cards1.known).sort()).toEqual([...mine1, idOf(played)].sort());
    for (const id of theirs) expect(JSON.stringify(cards1)).not.toContain(`"${id}"`);
    expect(cards1.known[mine1[0]!]).toEqual({ name: names[mine1[0]!], face: face(mine1[0]!).key });
    // The deck (face down) names nothing; the spectator sees the table's face-up card only.
    expect(Object.keys(sandboxCards(m.view(null), names, face, back).known)).toEqual([idOf(played)]);

    // On the device: a known card shows its name and face with ids of its own; a back, the back.
    const faces = new Map([...m.state.zones['hand@1']!.map((i) => [face(idOf(i)).key, face(idOf(i)).svg] as const), [back.key, back.svg]]);
    const view = m.view(1);
    const mine = view.zones['hand@1']![0]!;
    const shown = seatFace(mine, cards1, faces);
    expect(shown.name).toBe(names[mine.c!]);
    expect(shown.svg).toContain(`id="fqd${mine.i}-c0"`);
    expect(shown.svg).not.toContain(LAN_FACE_IDS);
    const other = view.zones['hand@0']![0]!;
    expect(seatFace(other, cards1, faces)).toEqual({ name: null, svg: `<svg><clipPath id="fqd${other.i}-c0"/>back</svg>` });
    // Without the host's names (an older host): the card's id, no face.
    expect(seatFace(mine, undefined, new Map())).toEqual({ name: mine.c, svg: null });
  });

  it('face keys follow the markup', () => {
    expect(faceKey('<svg>a</svg>')).toBe(faceKey('<svg>a</svg>'));
    expect(faceKey('<svg>a</svg>')).not.toBe(faceKey('<svg>b</svg>'));
    expect(faceKey('<svg>a</svg>')).toMatch(LAN_FACE_KEY);
  });
});
