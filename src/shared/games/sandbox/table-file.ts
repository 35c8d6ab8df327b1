/**
 * `table.json`: how a project's sandbox table is set up — seats, zones, which cards start where,
 * counters, dice, a board with pieces, buttons and setup actions. A plain, diffable file in the
 * project folder, and untrusted like every project file: it is read leniently, item by item, so a
 * bad zone, a filter that matches nothing, a count over the limit, a missing board image or a
 * newer format gets a message naming the field and the table still opens with what is valid.
 * Nothing is written back until the user saves (`serializeTableFile`, stable: a file it wrote
 * reads and writes back byte for byte).
 */
import { z } from 'zod';
import type { LocalText } from '../../engine/types';
import { issueText } from './issues';
import type { ButtonDef, CounterDef, DieDef, PieceDef, SandboxAction, SandboxOptions, ZoneDef } from './types';

export const TABLE_FILE = 'table.json';
export const TABLE_FORMAT = 'fuqi-table';
export const TABLE_FORMAT_VERSION = 1;
/** Limits: a card's copies at the table, all cards at the table, and items per list. */
export const TABLE_LIMITS = { copiesPerCard: 1_000, cards: 5_000, items: 200, seats: 8, dieFaces: 100 } as const;

/** A problem found reading `table.json`: the field (`zones[2].kind`) and what to do, in both languages. */
export interface TableProblem {
  path: string;
  message: LocalText;
}

/** A card of the project as the table needs it: its id, and its fields by column (for filters and counts). */
export interface TableCardRow {
  id: string;
  fields: Readonly<Record<string, string>>;
}

const id = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);
const text = z.string().max(80);
const local = z.union([text, z.object({ zh: text, en: text })]);
const num = z.number().finite().min(-1e9).max(1e9);
const frac = z.number().min(0).max(1);

const zoneSchema = z.object({
  id,
  kind: z.enum(['pile', 'hand', 'area']),
  name: local.optional(),
  face: z.enum(['up', 'down']).optional(),
  perSeat: z.boolean().optional(),
  layout: z.enum(['stack', 'free', 'grid']).optional(),
  columns: z.number().int().min(1).max(20).optional(),
});
const cardsRule = z.object({
  zone: id,
  where: z.record(z.string().max(80), z.union([z.string().max(200), z.array(z.string().max(200)).max(200)])).optional(),
  count: z.union([z.number().int().min(0), z.string().max(80)]).optional(),
});
const counterSchema = z.object({ id, name: local.optional(), perSeat: z.boolean().optional(), start: num.optional(), min: num.optional(), max: num.optional() });
const dieSchema = z.object({
  id,
  name: local.optional(),
  sides: z.number().int().min(2).max(TABLE_LIMITS.dieFaces).optional(),
  faces: z.array(z.string().min(1).max(40)).min(2).max(TABLE_LIMITS.dieFaces).optional(),
  facesFrom: z.string().max(80).optional(),
});
const pieceSchema = z.object({ id, name: local.optional(), color: z.string().regex(/^#[0-9a-fA-F]{6}$/).optional(), x: frac, y: frac });
const actionSchema: z.ZodType<SandboxAction> = z.discriminatedUnion('do', [
  z.object({ do: z.literal('shuffle'), zone: id }),
  z.object({ do: z.literal('deal'), from: id, to: id, count: z.number().int().min(1).max(100) }),
  z.object({ do: z.literal('gather'), from: id, to: id }),
  z.object({ do: z.literal('flip'), zone: id, face: z.enum(['up', 'down']) }),
  z.object({ do: z.literal('draw'), from: id, count: z.number().int().min(1).max(100) }),
]);
const buttonSchema = z.object({ id, label: local, actions: z.array(z.unknown()).min(1).max(20) });

/** What `readTableFile` gives: the table set up, its seat count, and every problem found. */
export interface TableRead {
  options: SandboxOptions;
  seats: number;
  problems: TableProblem[];
  /** The file had no usable content (missing, not JSON): the default table is shown. */
  usedDefault: boolean;
}

/** The kinds of item whose ids must be unique, as the Chinese messages name them. */
const KIND_ZH: Record<string, string> = { zone: '区域', counter: '计数器', die: '骰子', piece: '棋子', button: '按钮' };

const asLocal = (v: string | LocalText | undefined, fallback: LocalText): LocalText => (v === undefined ? fallback : typeof v === 'string' ? { zh: v, en: v } : v);

/** The table every project gets without a `table.json`: one deck of all its cards, a hand and an area per seat, a shared area, discards, a score per seat and a d6. */
export function defaultTableFile(seats = 2): Record<string, unknown> {
  return {
    format: TABLE_FORMAT,
    formatVersion: TABLE_FORMAT_VERSION,
    seats,
    zones: [
      { id: 'deck', kind: 'pile', name: { zh: '牌堆', en: 'Deck' }, face: 'down' },
      { id: 'discard', kind: 'pile', name: { zh: '弃牌堆', en: 'Discard' }, face: 'up' },
      { id: 'hand', kind: 'hand', name: { zh: '手牌', en: 'Hand' }, perSeat: true },
      { id: 'play', kind: 'area', name: { zh: '面前', en: 'In play' }, perSeat: true, layout: 'free', face: 'up' },
      { id: 'table', kind: 'area', name: { zh: '桌面', en: 'Table' }, layout: 'free', face: 'up' },
    ],
    cards: [{ zone: 'deck', count: 'copies' }],
    counters: [{ id: 'score', name: { zh: '分数', en: 'Score' }, perSeat: true, start: 0 }],
    dice: [{ id: 'd6', name: { zh: '骰子', en: 'Die' }, sides: 6 }],
    buttons: [
      {
        id: 'deal5',
        label: { zh: '洗牌并每人发 5 张', en: 'Shuffle, deal 5 each' },
        actions: [
          { do: 'shuffle', zone: 'deck' },
          { do: 'deal', from: 'deck', to: 'hand', count: 5 },
        ],
      },
    ],
    setup: [{ do: 'shuffle', zone: 'deck' }],
  };
}

/** Parse a JSON text, with the line and column of a syntax error. */
function parseJson(textIn: string): { ok: true; value: unknown } | { ok: false; problem: TableProblem } {
  try {
    return { ok: true, value: JSON.parse(textIn) };
  } catch (e) {
    const msg = (e as Error).message;
    const pos = /position (\d+)/.exec(msg);
    let where = '';
    if (pos) {
      const before = textIn.slice(0, Number(pos[1]));
      const line = before.split('\n').length;
      where = ` (line ${line}, column ${Number(pos[1]) - before.lastIndexOf('\n')})`;
      return { ok: false, problem: { path: TABLE_FILE, message: { zh: `${TABLE_FILE} 不是有效的 JSON（第 ${line} 行第 ${Number(pos[1]) - before.lastIndexOf('\n')} 列）：改好后会重新读取；现在先用默认的牌桌。`, en: `${TABLE_FILE} is not valid JSON${where}: fix it and it is read again; the default table is used meanwhile.` } } };
    }
    return { ok: false, problem: { path: TABLE_FILE, message: { zh: `${TABLE_FILE} 不是有效的 JSON：改好后会重新读取；现在先用默认的牌桌。`, en: `${TABLE_FILE} is not valid JSON: fix it and it is read again; the default table is used meanwhile.` } } };
  }
}

/**
 * Read `table.json` (its text, or null when the project has none) against the project's cards.
 * Never throws: every problem is returned with the field it concerns, and what is valid is kept.
 * @example readTableFile(null, rows).options.zones.map((z) => z.id) // ['deck', 'discard', 'hand', 'play', 'table']
 */
export function readTableFile(textIn: string | null, rows: readonly TableCardRow[], columns: readonly string[] = columnsOf(rows)): TableRead {
  const problems: TableProblem[] = [];
  let raw: unknown = defaultTableFile();
  let usedDefault = textIn === null;
  if (textIn !== null) {
    const parsed = parseJson(textIn);
    if (!parsed.ok) {
      problems.push(parsed.problem);
      usedDefault = true;
    } else if (typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) {
      problems.push({ path: TABLE_FILE, message: { zh: `${TABLE_FILE} 应当是一个对象（{ … }）；现在先用默认的牌桌。`, en: `${TABLE_FILE} must be an object ({ … }); the default table is used meanwhile.` } });
      usedDefault = true;
    } else raw = parsed.value;
  }
  const file = { ...(raw as Record<string, unknown>) };
  const p = (path: string, zh: string, en: string) => problems.push({ path, message: { zh, en } });
  /** A part the schema refused: each field named, what is wrong with it and what to write instead. */
  const bad = (path: string, error: z.ZodError, input: unknown) => {
    const t = issueText(error, input);
    p(path, `${path} 无效，已忽略：${t.zh}。`, `${path} is not valid and is ignored: ${t.en}.`);
  };

  if (file.format !== undefined && file.format !== TABLE_FORMAT) p('format', `format 应为 "${TABLE_FORMAT}"：改成它，或删掉这一项。`, `format must be "${TABLE_FORMAT}": write that, or leave the field out.`);
  if (typeof file.formatVersion === 'number' && file.formatVersion > TABLE_FORMAT_VERSION)
    p('formatVersion', `这个牌桌文件来自更新版本的程序（格式 ${file.formatVersion}）：认得的部分照常使用，请更新程序以使用全部内容。`, `This table file was made by a newer version of the app (format ${file.formatVersion}): what this version knows is used; update the app for the rest.`);

  let seats = 2;
  if (file.seats !== undefined) {
    if (Number.isInteger(file.seats) && (file.seats as number) >= 1 && (file.seats as number) <= TABLE_LIMITS.seats) seats = file.seats as number;
    else p('seats', `seats 应为 1–${TABLE_LIMITS.seats} 的整数；先用 2。`, `seats must be a whole number from 1 to ${TABLE_LIMITS.seats}; 2 is used.`);
  }

  // A file that leaves out its zones gets the default ones; one that leaves out its cards puts
  // every card in its first shared pile.
  const defaults = defaultTableFile(seats);
  const list = (key: string): unknown[] => {
    let v = file[key];
    if (v === undefined && key === 'zones') v = defaults.zones;
    if (v === undefined) return [];
    if (!Array.isArray(v)) {
      p(key, `${key} 应为列表（[ … ]），现在已忽略：把各项写进方括号里。`, `${key} must be a list ([ … ]) and is ignored: put its items in square brackets.`);
      return [];
    }
    if (v.length > TABLE_LIMITS.items) p(key, `${key} 最多 ${TABLE_LIMITS.items} 项；只用前 ${TABLE_LIMITS.items} 项：删掉多出的。`, `${key} holds at most ${TABLE_LIMITS.items} items; the first ${TABLE_LIMITS.items} are used: remove the rest.`);
    return v.slice(0, TABLE_LIMITS.items);
  };
  const each = <T>(key: string, schema: z.ZodType<T>, fn: (v: T, path: string) => void) =>
    list(key).forEach((item, i) => {
      const r = schema.safeParse(item);
      if (r.success) fn(r.data, `${key}[${i}]`);
      else bad(`${key}[${i}]`, r.error, item);
    });
  const unique = (kind: string, seen: Set<string>, v: string, path: string): boolean => {
    if (!seen.has(v)) return seen.add(v), true;
    p(`${path}.id`, `${KIND_ZH[kind]}标识 "${v}" 用了两次，后一个已忽略：给它换一个没用过的标识。`, `The ${kind} id "${v}" is used twice and the later one is ignored: give it an id not used yet.`);
    return false;
  };

  const zones: ZoneDef[] = [];
  const zoneIds = new Set<string>();
  each('zones', zoneSchema, (z, path) => {
    if (!unique('zone', zoneIds, z.id, path)) return;
    const kind = z.kind;
    zones.push({
      id: z.id,
      kind,
      name: asLocal(z.name, { zh: z.id, en: z.id }),
      face: z.face ?? (kind === 'pile' ? 'down' : 'up'),
      perSeat: z.perSeat ?? kind === 'hand',
      layout: kind === 'area' ? (z.layout ?? 'free') : 'stack',
      ...(kind === 'area' && (z.layout ?? 'free') === 'grid' ? { columns: z.columns ?? 6 } : {}),
    });
  });
  if (zones.length === 0) {
    p('zones', '没有可用的区域，先加了一个牌堆：在 zones 里至少写一个区域。', 'No usable zone, so a deck is added: list at least one zone in zones.');
    zones.push({ id: 'deck', kind: 'pile', name: { zh: '牌堆', en: 'Deck' }, face: 'down', perSeat: false, layout: 'stack' });
    zoneIds.add('deck');
  }
  const zoneById = new Map(zones.map((z) => [z.id, z]));

  // Which cards start where.
  const start: SandboxOptions['start'] = [];
  let total = 0;
  if (file.cards === undefined) {
    const pile = zones.find((z) => z.kind === 'pile' && !z.perSeat);
    if (pile) file.cards = [{ zone: pile.id, count: 'copies' }];
  }
  each('cards', cardsRule, (r, path) => {
    const zone = zoneById.get(r.zone);
    if (!zone) return p(`${path}.zone`, `没有名为 "${r.zone}" 的区域，这一条已忽略：改成 zones 里的一个标识。`, `There is no zone "${r.zone}", so this rule is ignored: name one of the zones' ids.`);
    if (zone.perSeat) return p(`${path}.zone`, `"${r.zone}" 是每个座位各一个的区域，开局的牌只能放进共用区域（用按钮或开局动作发牌）。`, `"${r.zone}" is one per seat: starting cards go to a shared zone (deal them with a button or a setup action).`);
    const where = r.where ?? {};
    for (const col of Object.keys(where)) if (!columns.includes(col)) p(`${path}.where.${col}`, `卡牌数据里没有 "${col}" 列：改成数据里的列名。`, `The card data has no column "${col}": name one of the data's columns.`);
    const matches = rows.filter((row) => Object.entries(where).every(([col, want]) => (Array.isArray(want) ? want : [want]).includes(row.fields[col] ?? '')));
    if (matches.length === 0) p(`${path}.where`, '这个筛选条件没有匹配任何卡牌：检查列名和值（大小写、空格）。', 'This filter matches no card: check the column and the value (case, spaces).');
    const cards: string[] = [];
    for (const row of matches) {
      let n: number;
      if (typeof r.count === 'number') n = r.count;
      else {
        const col = r.count ?? 'copies';
        const cell = (row.fields[col] ?? '').trim();
        n = cell === '' ? 1 : Number(cell);
        if (!Number.isInteger(n) || n < 0) {
          if (columns.includes(col)) p(`${path}.count`, `卡牌 ${row.id} 的 "${col}" 不是整数（"${cell}"），按 1 张算：在数据里填一个整数。`, `Card ${row.id}'s "${col}" is not a whole number ("${cell}"), so 1 copy is used: type a whole number in the data.`);
          n = 1;
        }
      }
      if (n > TABLE_LIMITS.copiesPerCard) {
        p(`${path}.count`, `卡牌 ${row.id} 有 ${n} 张，超过每张 ${TABLE_LIMITS.copiesPerCard} 的上限，按 ${TABLE_LIMITS.copiesPerCard} 张算：把张数改到 ${TABLE_LIMITS.copiesPerCard} 以内。`, `Card ${row.id} has ${n} copies, over the limit of ${TABLE_LIMITS.copiesPerCard} a card, so ${TABLE_LIMITS.copiesPerCard} are used: lower the count to ${TABLE_LIMITS.copiesPerCard} or less.`);
        n = TABLE_LIMITS.copiesPerCard;
      }
      const room = TABLE_LIMITS.cards - total - cards.length;
      if (n > room) {
        p(`${path}.count`, `牌桌最多 ${TABLE_LIMITS.cards} 张牌，多出的没有放上：减少张数或筛掉一些牌。`, `A table holds at most ${TABLE_LIMITS.cards} cards, so the rest are left out: lower the counts or filter some cards out.`);
        n = Math.max(0, room);
      }
      for (let k = 0; k < n; k++) cards.push(row.id);
    }
    total += cards.length;
    if (cards.length) start.push({ zone: zone.id, cards });
  });

  const counters: CounterDef[] = [];
  const counterIds = new Set<string>();
  each('counters', counterSchema, (c, path) => {
    if (!unique('counter', counterIds, c.id, path)) return;
    if (c.min !== undefined && c.max !== undefined && c.min > c.max) return p(`${path}.min`, 'min 大于 max，这个计数器已忽略：让 min 不大于 max。', 'min is above max, so the counter is ignored: make min at most max.');
    const s = Math.min(c.max ?? Infinity, Math.max(c.min ?? -Infinity, c.start ?? 0));
    counters.push({ id: c.id, name: asLocal(c.name, { zh: c.id, en: c.id }), perSeat: c.perSeat ?? false, start: s, ...(c.min !== undefined ? { min: c.min } : {}), ...(c.max !== undefined ? { max: c.max } : {}) });
  });

  const dice: DieDef[] = [];
  const dieIds = new Set<string>();
  each('dice', dieSchema, (d, path) => {
    if (!unique('die', dieIds, d.id, path)) return;
    let faces: string[] | undefined = d.faces;
    if (!faces && d.facesFrom !== undefined) {
      if (!columns.includes(d.facesFrom)) return p(`${path}.facesFrom`, `卡牌数据里没有 "${d.facesFrom}" 列，这个骰子已忽略：改成数据里的列名。`, `The card data has no column "${d.facesFrom}", so this die is ignored: name one of the data's columns.`);
      faces = [...new Set(rows.map((r) => (r.fields[d.facesFrom!] ?? '').trim()).filter((v) => v !== ''))].slice(0, TABLE_LIMITS.dieFaces);
      if (faces.length < 2) return p(`${path}.facesFrom`, `"${d.facesFrom}" 列不足两个不同的值，做不成骰子：换一列，或改用 faces 列出骰面。`, `The column "${d.facesFrom}" has fewer than two different values, so no die can be made of it: pick another column, or list the faces in faces.`);
    }
    faces ??= Array.from({ length: d.sides ?? 6 }, (_, i) => String(i + 1));
    dice.push({ id: d.id, name: asLocal(d.name, { zh: `d${faces.length}`, en: `d${faces.length}` }), faces });
  });

  let board: SandboxOptions['board'] = null;
  if (file.board !== undefined) {
    const b = z.object({ image: z.string().max(200), pieces: z.array(z.unknown()).max(TABLE_LIMITS.items).optional() }).safeParse(file.board);
    if (!b.success) bad('board', b.error, file.board);
    else if (!/^art\/[^/\\]+$/.test(b.data.image) || b.data.image.includes('..')) p('board.image', `棋盘图片必须是项目 art/ 文件夹里的文件（如 "art/board.png"），不能是 "${b.data.image}"。`, `The board image must be a file in the project's art/ folder (such as "art/board.png"), not "${b.data.image}".`);
    else {
      const pieces: PieceDef[] = [];
      const pieceIds = new Set<string>();
      (b.data.pieces ?? []).forEach((item, i) => {
        const r = pieceSchema.safeParse(item);
        if (!r.success) return bad(`board.pieces[${i}]`, r.error, item);
        if (!unique('piece', pieceIds, r.data.id, `board.pieces[${i}]`)) return;
        pieces.push({ id: r.data.id, name: asLocal(r.data.name, { zh: r.data.id, en: r.data.id }), color: r.data.color ?? '#C23B22', x: r.data.x, y: r.data.y });
      });
      board = { image: b.data.image, pieces };
    }
  }

  /** An action is kept only when the zones it names exist (a per-seat zone for deal's target and draw's hand). */
  const checkAction = (a: SandboxAction, path: string): boolean => {
    const need = a.do === 'deal' ? [a.from, a.to] : a.do === 'gather' ? [a.from, a.to] : a.do === 'draw' ? [a.from] : [a.zone];
    const missing = need.find((zid) => !zoneById.has(zid));
    if (missing) return p(path, `没有名为 "${missing}" 的区域，这个动作已忽略：改成 zones 里的一个标识。`, `There is no zone "${missing}", so this action is ignored: name one of the zones' ids.`), false;
    if (a.do === 'deal' && !zoneById.get(a.to)!.perSeat) return p(`${path}.to`, `发牌的目标 "${a.to}" 必须是每个座位各一个的区域（如手牌），这个动作已忽略。`, `Deal's target "${a.to}" must be a zone each seat has (a hand, say); this action is ignored.`), false;
    // The zone a shuffle, flip, draw or deal works on, and where a gather puts the cards, is one
    // stack the whole table shares: a per-seat zone there would do nothing.
    const shared = a.do === 'shuffle' || a.do === 'flip' ? ['zone', a.zone] : a.do === 'gather' ? ['to', a.to] : ['from', a.from];
    if (zoneById.get(shared[1]!)!.perSeat)
      return p(`${path}.${shared[0]}`, `"${shared[1]}" 是每个座位各一个的区域：这一步要用共用的区域（如牌堆）；已忽略。`, `"${shared[1]}" is one per seat: this step needs a shared zone (a deck, say); it is ignored.`), false;
    return true;
  };
  const actions = (items: unknown[], base: string): SandboxAction[] =>
    items.flatMap((item, i) => {
      const r = actionSchema.safeParse(item);
      if (!r.success) return bad(`${base}[${i}]`, r.error, item), [];
      return checkAction(r.data, `${base}[${i}]`) ? [r.data] : [];
    });

  const buttons: ButtonDef[] = [];
  const buttonIds = new Set<string>();
  each('buttons', buttonSchema, (b, path) => {
    if (!unique('button', buttonIds, b.id, path)) return;
    const acts = actions(b.actions, `${path}.actions`);
    if (acts.length) buttons.push({ id: b.id, label: asLocal(b.label, { zh: b.id, en: b.id }), actions: acts });
  });
  const setup = actions(list('setup'), 'setup');

  return { options: { zones, start, counters, dice, board, buttons, setup }, seats, problems, usedDefault };
}

/** The columns the rows carry (when the caller has no header). */
function columnsOf(rows: readonly TableCardRow[]): string[] {
  const out = new Set<string>();
  for (const r of rows) for (const k of Object.keys(r.fields)) out.add(k);
  return [...out];
}

/**
 * The text a table file is saved as: two-space JSON with a final newline, keys in the order they
 * were given. A file this wrote reads back and writes again byte for byte.
 */
export function serializeTableFile(file: Record<string, unknown>): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}
