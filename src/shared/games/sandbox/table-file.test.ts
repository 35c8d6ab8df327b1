import { describe, expect, it } from 'vitest';
import { defaultTableFile, readTableFile, serializeTableFile, TABLE_LIMITS, type TableCardRow } from './table-file';

/** Twelve cards typed into a blank project's grid: id, copies, name, type. */
const ROWS: TableCardRow[] = Array.from({ length: 12 }, (_, i) => ({
  id: `c${i + 1}`,
  fields: { id: `c${i + 1}`, copies: i < 2 ? '2' : '', name: `Card ${i + 1}`, type: i % 3 === 0 ? 'zodiac' : 'event' },
}));
const COLUMNS = ['id', 'copies', 'name', 'type'];
const paths = (r: { problems: { path: string }[] }) => r.problems.map((p) => p.path);

describe('table.json', () => {
  it('a project without one gets a playable table: its whole deck, a hand and an area per seat, a shared area, a score each, a d6', () => {
    const r = readTableFile(null, ROWS, COLUMNS);
    expect(r.problems).toEqual([]);
    expect(r.usedDefault).toBe(true);
    expect(r.seats).toBe(2);
    expect(r.options.zones.map((z) => `${z.id}:${z.kind}${z.perSeat ? '*' : ''}`)).toEqual(['deck:pile', 'discard:pile', 'hand:hand*', 'play:area*', 'table:area']);
    // 12 cards, the first two twice (copies = 2): 14.
    expect(r.options.start).toEqual([{ zone: 'deck', cards: ['c1', 'c1', 'c2', 'c2', ...ROWS.slice(2).map((x) => x.id)] }]);
    expect(r.options.counters.map((c) => [c.id, c.perSeat, c.start])).toEqual([['score', true, 0]]);
    expect(r.options.dice).toEqual([{ id: 'd6', name: { zh: '骰子', en: 'Die' }, faces: ['1', '2', '3', '4', '5', '6'] }]);
    expect(r.options.setup).toEqual([{ do: 'shuffle', zone: 'deck' }]);
    expect(r.options.buttons.map((b) => b.label.zh)).toEqual(['洗牌并每人发 5 张']);
  });

  it('filters cards by a column, counts from a column or a number, and makes dice from words or a column', () => {
    const file = {
      format: 'fuqi-table',
      formatVersion: 1,
      seats: 3,
      zones: [
        { id: 'deck', kind: 'pile' },
        { id: 'zodiacs', kind: 'area', layout: 'grid', columns: 4 },
        { id: 'hand', kind: 'hand' },
      ],
      cards: [
        { zone: 'zodiacs', where: { type: 'zodiac' }, count: 1 },
        { zone: 'deck', where: { type: ['event'] }, count: 'copies' },
      ],
      dice: [
        { id: 'colour', faces: ['red', 'blue', 'gold'] },
        { id: 'kind', facesFrom: 'type' },
        { id: 'd20', sides: 20 },
      ],
    };
    const r = readTableFile(serializeTableFile(file), ROWS, COLUMNS);
    expect(r.problems).toEqual([]);
    expect(r.seats).toBe(3);
    expect(r.options.start[0]).toEqual({ zone: 'zodiacs', cards: ['c1', 'c4', 'c7', 'c10'] });
    expect(r.options.start[1]!.cards).toEqual(['c2', 'c2', 'c3', 'c5', 'c6', 'c8', 'c9', 'c11', 'c12']);
    expect(r.options.zones[1]).toMatchObject({ layout: 'grid', columns: 4, face: 'up', perSeat: false });
    expect(r.options.zones[2]).toMatchObject({ kind: 'hand', perSeat: true });
    expect(r.options.dice.map((d) => d.faces)).toEqual([['red', 'blue', 'gold'], ['zodiac', 'event'], Array.from({ length: 20 }, (_, i) => String(i + 1))]);
  });

  it('bad parts get a message naming the field, in both languages, and the rest of the table opens', () => {
    const file = {
      format: 'fuqi-table',
      formatVersion: 1,
      seats: 2,
      zones: [
        { id: 'deck', kind: 'pile' },
        { id: 'weird', kind: 'cupboard' },
        { id: 'hand', kind: 'hand' },
        { id: 'deck', kind: 'area' },
      ],
      cards: [
        { zone: 'nowhere' },
        { zone: 'deck', where: { type: 'monster' } },
        { zone: 'deck', where: { colour: 'red' } },
        { zone: 'deck', where: { id: 'c1' }, count: 5000 },
        { zone: 'hand', where: { id: 'c2' } },
      ],
      board: { image: '../../etc/passwd.png', pieces: [] },
      buttons: [{ id: 'b', label: 'Deal', actions: [{ do: 'deal', from: 'deck', to: 'deck', count: 3 }] }],
    };
    const r = readTableFile(JSON.stringify(file), ROWS, COLUMNS);
    expect(paths(r)).toEqual(['zones[1]', 'zones[3].id', 'cards[0].zone', 'cards[1].where', 'cards[2].where.colour', 'cards[2].where', 'cards[3].count', 'cards[4].zone', 'board.image', 'buttons[0].actions[0].to']);
    for (const p of r.problems) {
      expect(p.message.zh).toMatch(/[\u4e00-\u9fff]/);
      expect(p.message.en).toMatch(/^[\x20-\x7e“”’…]+$/);
    }
    expect(r.problems.find((p) => p.path === 'cards[3].count')!.message.en).toBe(`Card c1 has 5000 copies, over the limit of ${TABLE_LIMITS.copiesPerCard} a card, so ${TABLE_LIMITS.copiesPerCard} are used: lower the count to ${TABLE_LIMITS.copiesPerCard} or less.`);
    expect(r.problems.find((p) => p.path === 'cards[0].zone')!.message.en).toBe('There is no zone "nowhere", so this rule is ignored: name one of the zones\' ids.');
    // What is valid opens: two zones, c1 × 1,000 in the deck, no board, no button.
    expect(r.options.zones.map((z) => z.id)).toEqual(['deck', 'hand']);
    expect(r.options.start).toEqual([{ zone: 'deck', cards: Array(1000).fill('c1') }]);
    expect(r.options.board).toBeNull();
    expect(r.options.buttons).toEqual([]);
  });

  it('a part the schema refuses is explained field by field in each language, with what to write instead', () => {
    const file = {
      zones: [{ id: 'deck', kind: 'pile' }, { id: 'bad id', kind: 'pile' }, { id: 'x', kind: 'cupboard', name: 7 }],
      counters: [{ id: 'c', start: 'ten' }],
      dice: [{ id: 'd', faces: ['only'] }],
      board: { image: 'art/b.png', pieces: [{ id: 'p', x: 2, y: 0.5, color: 'red' }] },
      buttons: [{ id: 'b', label: { zh: '发', en: 'Deal' }, actions: [{ do: 'juggle' }, { do: 'deal', from: 'deck', to: 'hand' }] }],
    };
    const r = readTableFile(JSON.stringify(file), ROWS, COLUMNS);
    const at = (path: string) => r.problems.find((p) => p.path === path)!.message;
    expect(at('zones[1]').zh).toBe('zones[1] 无效，已忽略：id 只能用 1–40 个英文字母、数字、- 或 _（不能有空格或汉字），如 "deck"（现在是 "bad id"）。');
    expect(at('zones[1]').en).toBe('zones[1] is not valid and is ignored: id must be 1–40 letters, digits, - or _ (no spaces), such as "deck" (it is "bad id").');
    expect(at('zones[2]').zh).toContain('kind 应为 "pile"、"hand"、"area" 之一（现在是 "cupboard"）');
    expect(at('zones[2]').zh).toContain('name 应为一段文字');
    expect(at('counters[0]').en).toContain('start must be a number (it is "ten")');
    expect(at('dice[0]').zh).toContain('faces 至少要有 2 项');
    expect(at('board.pieces[0]').en).toContain('x must be a number from 0 to 1');
    expect(at('board.pieces[0]').zh).toContain('color 应为 # 加 6 位十六进制数字的颜色');
    expect(at('buttons[0].actions[0]').zh).toContain('do 应为 shuffle、deal、gather、flip、draw 之一（现在是 "juggle"）');
    expect(at('buttons[0].actions[1]').en).toContain('count is missing: add it');
    // No validator words leak into the Chinese, in any message.
    for (const p of r.problems) expect(p.message.zh).not.toMatch(/Invalid|expected|received|Too small|must/);
  });

  it('a board from art/ keeps its pieces; a missing board image is the caller’s check (the project folder)', () => {
    const r = readTableFile(JSON.stringify({ zones: [{ id: 'deck', kind: 'pile' }], board: { image: 'art/board.png', pieces: [{ id: 'red', x: 0.1, y: 0.2, color: '#ff0000' }, { id: 'bad', x: 3, y: 0 }] } }), ROWS, COLUMNS);
    expect(paths(r)).toEqual(['board.pieces[1]']);
    expect(r.options.board).toEqual({ image: 'art/board.png', pieces: [{ id: 'red', name: { zh: 'red', en: 'red' }, color: '#ff0000', x: 0.1, y: 0.2 }] });
  });

  it('a newer format is read for what this version knows, with a message; broken JSON says where and opens the default table', () => {
    const newer = readTableFile(JSON.stringify({ format: 'fuqi-table', formatVersion: 7, zones: [{ id: 'deck', kind: 'pile' }], cards: [{ zone: 'deck' }], magic: {} }), ROWS, COLUMNS);
    expect(paths(newer)).toEqual(['formatVersion']);
    expect(newer.problems[0]!.message.en).toContain('made by a newer version of the app (format 7)');
    expect(newer.options.start[0]!.cards).toHaveLength(14);

    const broken = readTableFile('{\n  "seats": 3,\n  "zones": [\n    { "id": "deck" "kind": "pile" }\n  ]\n}\n', ROWS, COLUMNS);
    expect(broken.usedDefault).toBe(true);
    expect(broken.problems).toHaveLength(1);
    expect(broken.problems[0]!.message.en).toMatch(/table\.json is not valid JSON \(line 4, column \d+\)/);
    expect(broken.problems[0]!.message.zh).toMatch(/第 4 行第 \d+ 列/);
    expect(broken.options.zones.map((z) => z.id)).toEqual(['deck', 'discard', 'hand', 'play', 'table']);
  });

  it('limits: seats 1–8, at most 5,000 cards at a table', () => {
    expect(paths(readTableFile(JSON.stringify({ seats: 9 }), ROWS, COLUMNS))).toEqual(['seats']);
    const many: TableCardRow[] = Array.from({ length: 10 }, (_, i) => ({ id: `m${i}`, fields: { copies: '900' } }));
    const r = readTableFile(JSON.stringify({ zones: [{ id: 'deck', kind: 'pile' }], cards: [{ zone: 'deck' }] }), many, ['copies']);
    expect(r.options.start[0]!.cards).toHaveLength(TABLE_LIMITS.cards);
    expect(paths(r)).toContain('cards[0].count');
  });

  it('a step that works on one shared stack refuses a per-seat zone there, naming the field', () => {
    const zones = [{ id: 'deck', kind: 'pile' }, { id: 'hand', kind: 'hand' }];
    const steps = [
      { do: 'shuffle', zone: 'hand' },
      { do: 'flip', zone: 'hand', face: 'up' },
      { do: 'draw', from: 'hand', count: 1 },
      { do: 'gather', from: 'deck', to: 'hand' },
      { do: 'gather', from: 'hand', to: 'deck' },
    ];
    const r = readTableFile(JSON.stringify({ zones, setup: steps }), ROWS, COLUMNS);
    expect(paths(r)).toEqual(['setup[0].zone', 'setup[1].zone', 'setup[2].from', 'setup[3].to']);
    expect(r.problems[0]!.message.zh).toContain('共用的区域');
    expect(r.options.setup).toEqual([{ do: 'gather', from: 'hand', to: 'deck' }]);
  });

  it('writes plain two-space JSON that reads and writes back byte for byte', () => {
    const text = serializeTableFile(defaultTableFile(3));
    expect(text.endsWith('}\n')).toBe(true);
    expect(serializeTableFile(JSON.parse(text))).toBe(text);
    expect(readTableFile(text, ROWS, COLUMNS).seats).toBe(3);
  });

  it('user-named keys such as constructor or __proto__ are plain columns', () => {
    const rows: TableCardRow[] = [{ id: 'a', fields: Object.assign(Object.create(null), { constructor: 'x', __proto__: 'y' }) }];
    const r = readTableFile(JSON.stringify({ zones: [{ id: 'deck', kind: 'pile' }], cards: [{ zone: 'deck', where: { constructor: 'x' } }] }), rows, ['constructor', '__proto__']);
    expect(r.problems).toEqual([]);
    expect(r.options.start[0]!.cards).toEqual(['a']);
  });
});
