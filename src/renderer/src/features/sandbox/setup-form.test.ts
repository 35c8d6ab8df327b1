import { describe, expect, it } from 'vitest';
import { defaultTableFile, readTableFile, serializeTableFile, type TableCardRow } from '../../../../shared/games/sandbox';
import {
  ACTION_FIELDS,
  ACTION_KINDS,
  actionOf,
  artPath,
  dealActions,
  dieMode,
  editText,
  fractionOf,
  freshId,
  itemsOf,
  moveItem,
  nameOf,
  newPiece,
  parseTable,
  percentOf,
  problemsAt,
  renameZone,
  zoneSets,
  type TableObject,
} from './setup-form';

const ROWS: TableCardRow[] = Array.from({ length: 6 }, (_, i) => ({ id: `c${i + 1}`, fields: { id: `c${i + 1}`, copies: '1', name: `Card ${i + 1}` } }));

/** An edit as the form makes it: a copy of the object changed, written into the text. */
function edit(text: string, fn: (f: TableObject) => void): string {
  const before = parseTable(text)!;
  const f = structuredClone(before);
  fn(f);
  return editText(text, before, f);
}

describe('the setup form model', () => {
  it('edits only a JSON object; anything else is left to the text view', () => {
    expect(parseTable('{"seats": 3}')).toEqual({ seats: 3 });
    expect(parseTable('[1]')).toBeNull();
    expect(parseTable('{ nope')).toBeNull();
    expect(itemsOf({ zones: [{ id: 'a' }, 7] }, 'zones')).toEqual([{ id: 'a' }, {}]);
    expect(itemsOf({ zones: 'x' }, 'zones')).toEqual([]);
  });

  it('shows a name in both languages and finds a fresh id', () => {
    expect(nameOf('牌堆')).toEqual({ zh: '牌堆', en: '牌堆' });
    expect(nameOf({ zh: '牌堆' })).toEqual({ zh: '牌堆', en: '' });
    expect(nameOf(undefined)).toEqual({ zh: '', en: '' });
    expect(freshId([{ id: 'zone' }, { id: 'zone2' }], 'zone')).toBe('zone3');
    expect(freshId([], 'die')).toBe('die');
  });

  it('puts each problem on its field and not on a neighbour, and leaves a sub-list’s problems to its rows', () => {
    const problems = [
      { path: 'zones[1]', message: { zh: 'a', en: 'a' } },
      { path: 'zones[10].id', message: { zh: 'b', en: 'b' } },
      { path: 'cards[0].where.name', message: { zh: 'c', en: 'c' } },
      { path: 'seats', message: { zh: 'd', en: 'd' } },
      { path: 'buttons[0].id', message: { zh: 'e', en: 'e' } },
      { path: 'buttons[0].actions[1].to', message: { zh: 'f', en: 'f' } },
      { path: 'setup', message: { zh: 'g', en: 'g' } },
      { path: 'setup[0]', message: { zh: 'h', en: 'h' } },
      { path: 'board.image', message: { zh: 'i', en: 'i' } },
      { path: 'board.pieces[0]', message: { zh: 'j', en: 'j' } },
    ];
    const at = (path: string, except?: string[]) => problemsAt(problems, path, except).map((p) => p.path);
    expect(at('zones[1]')).toEqual(['zones[1]']);
    expect(at('cards[0]')).toEqual(['cards[0].where.name']);
    expect(at('seats')).toHaveLength(1);
    expect(at('buttons[0]', ['actions'])).toEqual(['buttons[0].id']);
    expect(at('buttons[0].actions[1]')).toEqual(['buttons[0].actions[1].to']);
    expect(at('setup', ['['])).toEqual(['setup']);
    expect(at('setup[0]')).toEqual(['setup[0]']);
    expect(at('board', ['pieces'])).toEqual(['board.image']);
  });

  it('tells how a die gets its faces', () => {
    expect(dieMode({ sides: 8 })).toBe('sides');
    expect(dieMode({ facesFrom: 'element' })).toBe('column');
    expect(dieMode({ faces: ['a', 'b'] })).toBe('list');
  });

  it('sorts zones into per-seat and shared ones as the reader does', () => {
    const z = zoneSets([{ id: 'deck', kind: 'pile' }, { id: 'hand', kind: 'hand' }, { id: 'play', kind: 'area', perSeat: true }, { id: 'odd', kind: 'hand', perSeat: false }]);
    expect(z).toEqual({ all: ['deck', 'hand', 'play', 'odd'], perSeat: ['hand', 'play'], shared: ['deck', 'odd'] });
  });
});

describe('setup actions in the form', () => {
  const zones = zoneSets(itemsOf(defaultTableFile(), 'zones'));

  it('every kind of action made by the form is one the reader keeps, on the default table', () => {
    for (const kind of ACTION_KINDS) {
      const a = actionOf(kind, zones);
      expect(a.do).toBe(kind);
      const r = readTableFile(JSON.stringify({ ...defaultTableFile(), buttons: [{ id: 'b', label: 'B', actions: [a] }], setup: [a] }), ROWS);
      expect(r.problems, kind).toEqual([]);
      expect(r.options.buttons[0]!.actions).toEqual([a]);
      expect(r.options.setup).toEqual([a]);
      // The form asks for exactly the fields the action has.
      expect(Object.keys(a).sort()).toEqual(['do', ...Object.keys(ACTION_FIELDS[kind])].sort());
    }
  });

  it('changing an action’s kind keeps its pile and count', () => {
    expect(actionOf('deal', zones, { do: 'shuffle', zone: 'discard' })).toEqual({ do: 'deal', from: 'discard', to: 'hand', count: 5 });
    expect(actionOf('draw', zones, { do: 'deal', from: 'deck', to: 'hand', count: 3 })).toEqual({ do: 'draw', from: 'deck', count: 3 });
    expect(actionOf('gather', zones, { do: 'draw', from: 'discard', count: 1 })).toEqual({ do: 'gather', from: 'hand', to: 'discard' });
    expect(actionOf('flip', zones, { do: 'gather', from: 'hand', to: 'deck' })).toEqual({ do: 'flip', zone: 'deck', face: 'up' });
    // A zone the action may not name there is not carried over (a hand is not a pile to shuffle).
    expect(actionOf('shuffle', zones, { do: 'gather', from: 'hand', to: 'hand' })).toEqual({ do: 'shuffle', zone: 'deck' });
  });

  it('reorders a list one place at a time, and refuses to move past its ends', () => {
    const list = ['a', 'b', 'c'];
    expect(moveItem(list, 2, -1)).toBe(true);
    expect(list).toEqual(['a', 'c', 'b']);
    expect(moveItem(list, 0, -1)).toBe(false);
    expect(moveItem(list, 2, 1)).toBe(false);
    expect(list).toEqual(['a', 'c', 'b']);
  });

  it('a zone renamed is renamed in the rules, the buttons’ steps and the set-up steps', () => {
    const f = structuredClone(defaultTableFile()) as TableObject;
    renameZone(f, 0, 'deck', 'draw');
    const r = readTableFile(JSON.stringify(f), ROWS);
    expect(r.problems).toEqual([]);
    expect(r.options.start[0]!.zone).toBe('draw');
    expect(r.options.buttons[0]!.actions).toEqual([{ do: 'shuffle', zone: 'draw' }, { do: 'deal', from: 'draw', to: 'hand', count: 5 }]);
    expect(r.options.setup).toEqual([{ do: 'shuffle', zone: 'draw' }]);
    expect(dealActions({ shuffle: false, from: 'a', to: 'b', count: 2 })).toEqual([{ do: 'deal', from: 'a', to: 'b', count: 2 }]);
  });
});

describe('board pieces in the form', () => {
  it('a new piece gets a fresh id, an unused colour and the board’s middle, and the reader keeps it', () => {
    const first = newPiece([]);
    const second = newPiece([first]);
    expect(first).toMatchObject({ id: 'piece', x: 0.5, y: 0.5 });
    expect(second.id).toBe('piece2');
    expect(second.color).not.toBe(first.color);
    const r = readTableFile(JSON.stringify({ ...defaultTableFile(), board: { image: 'art/board.png', pieces: [first, second] } }), ROWS);
    expect(r.problems).toEqual([]);
    expect(r.options.board!.pieces.map((p) => [p.id, p.name.en])).toEqual([
      ['piece', 'Piece 1'],
      ['piece2', 'Piece 2'],
    ]);
  });

  it('shows places as percentages and keeps them as fractions; typed nonsense goes to the reader, which names it', () => {
    expect(percentOf(0.333)).toBe('33.3');
    expect(percentOf(undefined)).toBe('');
    expect(fractionOf('33.3')).toBe(0.333);
    expect(fractionOf('120')).toBe(1.2);
    expect(fractionOf('')).toBe('');
    const r = readTableFile(JSON.stringify({ ...defaultTableFile(), board: { image: 'art/b.png', pieces: [{ id: 'p', x: 1.2, y: 0.5 }] } }), ROWS);
    expect(r.problems.map((p) => p.path)).toEqual(['board.pieces[0]']);
    expect(artPath('file:art/board.png')).toBe('art/board.png');
  });
});

describe('writing an edit into the text', () => {
  const canonical = serializeTableFile(defaultTableFile(3));

  it('a file the app wrote stays exactly what the app would write, whatever the edit', () => {
    const edits: ((f: TableObject) => void)[] = [
      (f) => (f.seats = 4),
      (f) => ((f.zones as TableObject[])[1]!.id = 'trash'),
      (f) => (f.zones as unknown[]).splice(1, 1),
      (f) => (f.zones as unknown[]).push({ id: 'new', kind: 'area', layout: 'grid', columns: 4 }),
      (f) => (f.zones as unknown[]).splice(0, 0, { id: 'first', kind: 'pile' }),
      (f) => moveItem(f.zones as unknown[], 0, 1),
      (f) => (f.board = { image: 'art/b.png' }),
      (f) => (f.board = { image: 'art/b.png', pieces: [newPiece([])] }),
      (f) => ((f.buttons as { actions: unknown[] }[])[0]!.actions.push(actionOf('flip', zoneSets(itemsOf(f, 'zones'))))),
      (f) => ((f.buttons as { actions: unknown[] }[])[0]!.actions = []),
      (f) => delete f.setup,
      (f) => (f.setup = []),
      (f) => (f.setup as unknown[]).push({ do: 'deal', from: 'deck', to: 'hand', count: 2 }),
      (f) => (f.counters as unknown[]).splice(0, 1),
      (f) => Object.assign((f.counters as TableObject[])[0]!, { name: { zh: '分', en: 'Points' }, max: 10 }),
    ];
    for (const [k, fn] of edits.entries()) {
      const f = structuredClone(defaultTableFile(3)) as TableObject;
      fn(f);
      expect(edit(canonical, fn), `edit ${k}`).toBe(serializeTableFile(f));
    }
  });

  it('in a file laid out by hand, what the edit did not touch keeps its bytes', () => {
    const text = [
      '{',
      '  "format": "fuqi-table", "formatVersion": 1,',
      '  "seats": 3,',
      '  "zones": [',
      '    { "id": "deck", "kind": "pile", "face": "down" },',
      '    { "id": "hand", "kind": "hand" },',
      '    { "id": "table", "kind": "area", "layout": "grid", "columns": 5 }',
      '  ],',
      '  "dice": [{ "id": "weather", "faces": ["晴", "雨", "风"] }],',
      '  "buttons": [',
      '    { "id": "deal5", "label": { "zh": "每人发 5 张", "en": "Deal 5 each" },',
      '      "actions": [{ "do": "shuffle", "zone": "deck" }, { "do": "deal", "from": "deck", "to": "hand", "count": 5 }] }',
      '  ],',
      '  "x-notes": "kept as it is"',
      '}',
      '',
    ].join('\n');
    const seats = edit(text, (f) => (f.seats = 4));
    expect(seats).toBe(text.replace('"seats": 3', '"seats": 4'));
    const count = edit(text, (f) => (((f.buttons as TableObject[])[0]!.actions as TableObject[])[1]!.count = 3));
    expect(count).toBe(text.replace('"count": 5', '"count": 3'));
    // A piece added to a board that did not exist: the new lines only, the rest byte for byte.
    const board = edit(text, (f) => (f.board = { image: 'art/b.png', pieces: [{ id: 'p', x: 0.5, y: 0.5 }] }));
    expect(JSON.parse(board).board).toEqual({ image: 'art/b.png', pieces: [{ id: 'p', x: 0.5, y: 0.5 }] });
    expect(board.startsWith(text.slice(0, text.indexOf('  "x-notes"')))).toBe(true);
    // A step reordered: only that button's lines change.
    const swapped = edit(text, (f) => moveItem((f.buttons as TableObject[])[0]!.actions as unknown[], 1, -1));
    expect(JSON.parse(swapped).buttons[0].actions.map((a: { do: string }) => a.do)).toEqual(['deal', 'shuffle']);
    const head = text.slice(0, text.indexOf('      "actions"'));
    const tail = text.slice(text.indexOf('  ],\n  "x-notes"'));
    expect(swapped.startsWith(head)).toBe(true);
    expect(swapped.endsWith(tail)).toBe(true);
    expect(swapped).toContain('"dice": [{ "id": "weather", "faces": ["晴", "雨", "风"] }],');
    expect(swapped).toContain('"x-notes": "kept as it is"');
    // And the reader reads each result without a problem.
    for (const t of [seats, count, board, swapped]) expect(readTableFile(t, ROWS).problems.filter((p) => p.path !== 'board.image')).toEqual([]);
  });
});
