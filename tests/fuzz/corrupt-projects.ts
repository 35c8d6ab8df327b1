// Generates corrupt, hostile and oversized project folders for the safety fuzz test
// (tests/project-fuzz.test.ts). Each case starts from a small valid project and applies one to
// three seeded mutations: truncated, garbage, huge and badly encoded files, references and
// symlinks that leave the folder, FIFOs, hostile bindings, absurd numbers, deep Markdown,
// oversized cells and rows, card ids that cannot be file names.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Rng } from '../../src/shared/util/rng';
import { FONT_AND_NAME_MUTATIONS } from './hostile-fonts-names';

/** A generated case: its folder, what was done to it, and how the pipeline must treat it. */
export interface FuzzCase {
  id: string;
  dir: string;
  mutations: string[];
  /**
   * The case reaches outside its folder (an escaping reference or symlink that the cards use):
   * the pipeline must refuse it — a load failure, a blocking preflight error or a failed export —
   * and never succeed silently.
   */
  mustRefuse: boolean;
  /** Ask for per-card PNGs and a TTS sheet too. */
  png: boolean;
  /** Export even if preflight found errors (the writers must still refuse what is unsafe). */
  acceptPreflight: boolean;
  /** Also typeset and export the rulebook. */
  rulebook: boolean;
}

/** A small PNG (8×8, one colour), made once. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC',
  'base64',
);

/** The text planted outside every project; it must never reach an output. */
export const SECRET = 'SECRET-OUTSIDE-7f3a';

/** Files of the outside folder (a sibling of the projects) that escaping cases point at. */
export function writeOutside(outside: string): void {
  mkdirSync(join(outside, 'art'), { recursive: true });
  writeFileSync(join(outside, 'secret.png'), TINY_PNG);
  writeFileSync(join(outside, 'art', 'a.png'), TINY_PNG);
  writeFileSync(join(outside, 'secret.csv'), `id,name\n${SECRET},${SECRET}\n`);
  writeFileSync(join(outside, 'secret.md'), `# ${SECRET}\n\n${SECRET}\n`);
  writeFileSync(join(outside, 'secret.json'), JSON.stringify({ schemaVersion: 1, name: SECRET, layers: [] }));
}

function project(id: string): Record<string, unknown> {
  return {
    schemaVersion: 1,
    id,
    name: { zh: '测试牌组', en: 'Fuzz set' },
    card: { preset: 'poker', width: 63, height: 88, bleed: 3, safe: 3, cornerRadius: 3 },
    cards: 'cards.csv',
    templates: { front: 'front.template.json', back: 'back.template.json' },
    rulebook: { title: { zh: '规则', en: 'Rules' }, sources: { zh: 'rules.zh.md', en: 'rules.en.md' } },
  };
}

function front(): { schemaVersion: number; name: string; maps: Record<string, Record<string, string>>; layers: Record<string, unknown>[] } {
  return {
    schemaVersion: 1,
    name: 'front',
    maps: { colour: { 福: '#C8102E', 金: '#C9A227' } },
    layers: [
      { id: 'bg', type: 'rect', x: 0, y: 0, w: 63, h: 88, bleedExtend: true, fill: '{{attr:colour}}' },
      { id: 'name', type: 'text', x: 5, y: 5, w: 53, h: 12, text: '{{name}}', face: 'sans-bold', size: 12, color: '#1F1A17' },
      { id: 'body', type: 'text', x: 5, y: 50, w: 53, h: 30, text: '{{text}}', face: 'sans', size: 8, color: '#1F1A17', fit: 'shrink', minSize: 6 },
      { id: 'art', type: 'image', x: 16, y: 18, w: 30, h: 30, src: '{{art}}' },
    ],
  };
}

const BACK = { schemaVersion: 1, name: 'back', maps: {}, layers: [{ id: 'bg', type: 'rect', x: 0, y: 0, w: 63, h: 88, bleedExtend: true, fill: '#C23B22' }] };

const CSV = ['id,copies,name,attr,text,art', 'RAT,2,福鼠,福,投鼠忌器：指定一名角色。,file:art/a.png', 'OX,1,金牛,金,"A card, with ""quotes"" and a comma.",icon:fluent-emoji-flat:ox', ''].join('\n');

const RULES = '# 规则\n\n## 准备\n\n每人发五张牌。\n\n- 一\n- 二\n\n> **例** 一个例子。\n';

type Files = Map<string, string | Buffer>;
type Mutation = (ctx: Ctx) => void;

interface Ctx {
  rng: Rng;
  files: Files;
  /** Symlinks and FIFOs to make after the files are written: name → target (or 'fifo'). */
  specials: Map<string, string>;
  outside: string;
  c: FuzzCase;
  tpl: ReturnType<typeof front>;
  /** art or art/a.png is a link out of the folder (escapes only if a card uses art/a.png). */
  artEscapes?: boolean;
}

const TEXT_FILES = ['project.json', 'cards.csv', 'front.template.json', 'back.template.json', 'rules.zh.md', 'rules.en.md'];

function text(ctx: Ctx, name: string): string {
  const v = ctx.files.get(name);
  return v === undefined ? '' : typeof v === 'string' ? v : v.toString('utf8');
}

const MUTATIONS: Record<string, Mutation> = {
  truncate(ctx) {
    const name = ctx.rng.pick(TEXT_FILES);
    const t = text(ctx, name);
    ctx.files.set(name, t.slice(0, ctx.rng.int(Math.max(1, t.length))));
    ctx.c.mutations.push(`truncate ${name}`);
  },
  garbage(ctx) {
    const name = ctx.rng.pick([...TEXT_FILES, 'art/a.png']);
    const b = Buffer.alloc(1 + ctx.rng.int(2048));
    for (let i = 0; i < b.length; i++) b[i] = ctx.rng.int(256);
    ctx.files.set(name, b);
    ctx.c.mutations.push(`garbage ${name}`);
  },
  huge(ctx) {
    // A sparse file just over the size limit: cheap to make, must be refused before it is read.
    const name = ctx.rng.pick(TEXT_FILES);
    ctx.specials.set(name, 'huge');
    ctx.c.mutations.push(`huge ${name}`);
  },
  encoding(ctx) {
    const name = ctx.rng.pick(['project.json', 'cards.csv', 'front.template.json', 'rules.zh.md']);
    const t = text(ctx, name);
    const how = ctx.rng.pick(['utf16le-bom', 'utf16be-bom', 'utf16le', 'latin1', 'utf8-bom', 'gbk-like']);
    let b: Buffer;
    if (how === 'utf16le-bom') b = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(t, 'utf16le')]);
    else if (how === 'utf16be-bom') b = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(t, 'utf16le').swap16()]);
    else if (how === 'utf16le') b = Buffer.from(t, 'utf16le');
    else if (how === 'latin1') b = Buffer.from(t.replace(/[^\x00-\xff]/g, 'é'), 'latin1');
    else if (how === 'utf8-bom') b = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(t)]);
    else b = Buffer.from(t.replace(/[\u4e00-\u9fff]/g, '\xb8\xa3'), 'latin1'); // bytes of GBK 福, not UTF-8
    ctx.files.set(name, b);
    ctx.c.mutations.push(`encoding ${how} ${name}`);
  },
  escapeRef(ctx) {
    const target = ctx.rng.pick(['file:/etc/hostname', `file:${join(ctx.outside, 'secret.png')}`, 'file:../../outside/secret.png', 'file:art/../../../outside/secret.png', 'file:../outside/secret.png', 'file:./art/../../outside/art/a.png']);
    ctx.tpl.layers.push({ id: 'escape', type: 'image', x: 2, y: 2, w: 10, h: 10, src: target });
    ctx.c.mutations.push(`escape-ref ${target}`);
    ctx.c.mustRefuse = true;
  },
  symlinkOut(ctx) {
    const which = ctx.rng.pick(['cards.csv', 'rules.zh.md', 'front.template.json', 'art', 'art/a.png', 'project.json']);
    const target =
      which === 'cards.csv' ? join(ctx.outside, 'secret.csv') : which === 'rules.zh.md' ? join(ctx.outside, 'secret.md') : which === 'art' ? join(ctx.outside, 'art') : which === 'art/a.png' ? join(ctx.outside, 'secret.png') : join(ctx.outside, 'secret.json');
    ctx.specials.set(which, target);
    ctx.c.mutations.push(`symlink ${which} -> outside`);
    // A rulebook source is only read when the rulebook is exported.
    if (which === 'rules.zh.md') ctx.c.rulebook = true;
    // Linked art escapes only if a card still uses art/a.png (another mutation may switch to a.svg).
    if (which === 'art' || which === 'art/a.png') ctx.artEscapes = true;
    else ctx.c.mustRefuse = true;
  },
  special(ctx) {
    const which = ctx.rng.pick(['cards.csv', 'front.template.json', 'rules.zh.md', 'art/a.png']);
    const kind = ctx.rng.pick(['fifo', '/dev/zero', 'loop', 'dir']);
    ctx.specials.set(which, kind);
    ctx.c.mutations.push(`special ${which} = ${kind}`);
    if (which === 'rules.zh.md') ctx.c.rulebook = true;
  },
  missing(ctx) {
    const name = ctx.rng.pick([...TEXT_FILES, 'art/a.png']);
    ctx.files.delete(name);
    ctx.c.mutations.push(`missing ${name}`);
  },
  hostileBinding(ctx) {
    const pick = ctx.rng.pick([
      { text: '{{constructor}}' },
      { text: '{{__proto__}}' },
      { text: '{{toString}}{{valueOf}}' },
      { text: '{{name:constructor}}' },
      { text: '{{attr:__proto__}}' },
      { text: '{{hasOwnProperty:toString}}' },
      { when: 'constructor' },
      { when: '__proto__' },
      { when: { field: 'constructor', equals: 'function' } },
    ]);
    ctx.tpl.layers.push({ id: 'hostile', type: 'text', x: 5, y: 20, w: 40, h: 10, text: pick.text ?? 'x', face: 'sans', size: 8, color: '#000000', ...(pick.when ? { when: pick.when } : {}) });
    if (ctx.rng.int(2)) ctx.tpl.maps['constructor'] = { constructor: '#000000' };
    ctx.c.mutations.push(`hostile ${JSON.stringify(pick)}`);
  },
  absurdNumbers(ctx) {
    const layer = ctx.rng.pick(ctx.tpl.layers);
    const key = ctx.rng.pick(['x', 'y', 'w', 'h', 'size', 'lineHeight', 'minSize', 'letterSpacing', 'radius']);
    const value = ctx.rng.pick([1e6, 1e9, -1e9, 1e-9, 1e308, 0.0001, 123456.789]);
    layer[key] = value;
    ctx.c.mutations.push(`number ${String(layer.id)}.${key}=${value}`);
  },
  deepMarkdown(ctx) {
    const n = 20_000;
    const name = ctx.rng.pick(['rules.zh.md', 'rules.en.md']);
    const kind = ctx.rng.pick(['quote', 'list', 'emphasis', 'brackets']);
    const body =
      kind === 'quote'
        ? `${'>'.repeat(n)} deep\n`
        : kind === 'list'
          ? Array.from({ length: 2000 }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join('\n')
          : kind === 'emphasis'
            ? `${'*_'.repeat(n / 2)}x${'_*'.repeat(n / 2)}\n`
            : `${'['.repeat(n)}x${']'.repeat(n)}\n`;
    ctx.files.set(name, `# Deep\n\n${body}`);
    ctx.c.rulebook = true;
    ctx.c.mutations.push(`deep-markdown ${kind} ${name}`);
  },
  bigCell(ctx) {
    const n = ctx.rng.pick([20_001, 200_000, 2_000_000]);
    const fill = ctx.rng.pick(['福', 'a', 'word ', '。']);
    ctx.files.set('cards.csv', `id,copies,name,attr,text,art\nRAT,1,福鼠,福,"${fill.repeat(Math.ceil(n / fill.length))}",icon:fluent-emoji-flat:rat\n`);
    ctx.c.mutations.push(`big-cell ${n} × ${JSON.stringify(fill)}`);
  },
  manyRows(ctx) {
    const n = ctx.rng.pick([10_001, 30_000]);
    const rows = Array.from({ length: n }, (_, i) => `C${i},1,牌${i},福,x,icon:fluent-emoji-flat:rat`);
    ctx.files.set('cards.csv', `id,copies,name,attr,text,art\n${rows.join('\n')}\n`);
    ctx.c.mutations.push(`many-rows ${n}`);
  },
  manyColumns(ctx) {
    const n = 1_000;
    const head = Array.from({ length: n }, (_, i) => `c${i}`);
    ctx.files.set('cards.csv', `id,copies,name,attr,text,art,${head.join(',')}\nRAT,1,福鼠,福,x,file:art/a.png,${head.join(',')}\n`);
    ctx.c.mutations.push(`many-columns ${n}`);
  },
  manyLayers(ctx) {
    for (let i = 0; i < 5_000; i++) ctx.tpl.layers.push({ id: `l${i}`, type: 'rect', x: i % 60, y: i % 80, w: 1, h: 1, fill: '#000000' });
    ctx.c.mutations.push('many-layers 5000');
  },
  badIds(ctx) {
    const id = ctx.rng.pick(['RAT:FU', '..', 'CON', 'a/b', 'a\\b', 'x?', 'trailing.', ' lead', 'NUL', 'é/../x']);
    ctx.files.set('cards.csv', `id,copies,name,attr,text,art\n"${id}",1,福鼠,福,x,icon:fluent-emoji-flat:rat\n`);
    ctx.c.png = true;
    ctx.c.mutations.push(`bad-id ${JSON.stringify(id)}`);
  },
  weirdJson(ctx) {
    const name = ctx.rng.pick(['project.json', 'front.template.json']);
    const how = ctx.rng.pick(['proto', 'version', 'array', 'deep', 'null', 'number']);
    const base = name === 'project.json' ? project(ctx.c.id) : ctx.tpl;
    const t =
      how === 'proto'
        ? JSON.stringify(base).replace(/^\{/, '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},')
        : how === 'version'
          ? JSON.stringify({ ...base, schemaVersion: 999 })
          : how === 'array'
            ? JSON.stringify([base])
            : how === 'deep'
              ? `${'['.repeat(100_000)}${']'.repeat(100_000)}`
              : how === 'null'
                ? 'null'
                : '42';
    ctx.files.set(name, t);
    ctx.c.mutations.push(`json ${how} ${name}`);
  },
  badImage(ctx) {
    const how = ctx.rng.pick(['text', 'huge-header', 'svg-entity', 'svg-external', 'empty', 'truncated']);
    let name = 'art/a.png';
    let bytes: Buffer;
    if (how === 'text') bytes = Buffer.from('this is not a picture\n');
    else if (how === 'huge-header') {
      // A real PNG whose header claims 30000 × 30000 pixels.
      bytes = Buffer.from(TINY_PNG);
      bytes.writeUInt32BE(30000, 16);
      bytes.writeUInt32BE(30000, 20);
    } else if (how === 'empty') bytes = Buffer.alloc(0);
    else if (how === 'truncated') bytes = TINY_PNG.subarray(0, 30);
    else {
      name = 'art/a.svg';
      bytes = Buffer.from(
        how === 'svg-entity'
          ? '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&undefinedentity;</text></svg>'
          : `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><image width="10" height="10" xlink:href="file://${join(ctx.outside, 'secret.png')}"/></svg>`,
      );
      ctx.files.set('cards.csv', text(ctx, 'cards.csv').replace('file:art/a.png', 'file:art/a.svg'));
    }
    ctx.files.set(name, bytes);
    ctx.c.mutations.push(`bad-image ${how}`);
  },
  hugeBox(ctx) {
    ctx.tpl.layers.push({ id: 'giant', type: 'image', x: 0, y: 0, w: 1e6, h: 1e6, src: 'file:art/a.png' });
    ctx.c.mutations.push('image box 1e6 mm');
  },
  tableSizes(ctx) {
    // The finding: a small template whose table asks layout for millions of cells.
    const cols = ctx.rng.pick([5_000, 51, 50, 8]);
    const rowHeight = ctx.rng.pick([0.001, 0.3, 0.5, 3]);
    const rows = ctx.rng.pick(['bound', 'many', 'long', 'few']);
    const line = Array.from({ length: Math.min(cols, 60) }, (_, i) => `c${i}`).join('|');
    const text = rows === 'bound' ? '{{text}}' : rows === 'many' ? Array.from({ length: 250 }, () => line).join('\n') : rows === 'long' ? 'x|'.repeat(12_000) : `${line}\n${line}`;
    ctx.tpl.layers.push({ id: 'table', type: 'table', x: 2, y: 2, w: 59, rows: text, columns: Array.from({ length: cols }, () => ({ width: 1 })), face: 'sans', size: 6, rowHeight, color: '#000000' });
    ctx.c.mutations.push(`table ${cols} columns, row height ${rowHeight}, rows ${rows}`);
  },
  svgFilters(ctx) {
    // A small SVG whose filters would take a renderer most of a minute, used by the cards' art.
    const how = ctx.rng.pick(['turbulence', 'blur', 'many-filters', 'huge-size', 'morphology', 'mild']);
    const filter =
      how === 'turbulence'
        ? '<filter id="f"><feTurbulence baseFrequency="0.9" numOctaves="200"/><feGaussianBlur stdDeviation="500"/></filter>'
        : how === 'blur'
          ? '<filter id="f"><feGaussianBlur stdDeviation="5000 5000"/></filter>'
          : how === 'many-filters'
            ? Array.from({ length: 40 }, (_, i) => `<filter id="f${i === 0 ? '' : i}"><feGaussianBlur stdDeviation="3"/><feOffset dx="1"/></filter>`).join('')
            : how === 'morphology'
              ? '<filter id="f"><feMorphology operator="dilate" radius="4000"/></filter>'
              : '<filter id="f"><feDropShadow dx="1" dy="1" stdDeviation="1"/></filter>';
    const size = how === 'huge-size' ? 'width="900000" height="900000"' : 'width="64" height="64"';
    ctx.files.set('art/a.svg', `<svg xmlns="http://www.w3.org/2000/svg" ${size} viewBox="0 0 64 64">${how === 'huge-size' ? '' : filter}<rect width="64" height="64" fill="#C23B22" filter="url(#f)"/></svg>`);
    ctx.files.set('cards.csv', text(ctx, 'cards.csv').replace('file:art/a.png', 'file:art/a.svg'));
    ctx.c.mutations.push(`svg-filters ${how} a.svg`);
  },
  nesting(ctx) {
    // Groups inside groups: past the group limit, past the JSON depth limit, and 5,000 deep.
    const depth = ctx.rng.pick([9, 40, 5_000]);
    const open = '{"id":"g","type":"group","layers":['.repeat(depth);
    const close = ']}'.repeat(depth);
    const leaf = '{"id":"leaf","type":"rect","x":1,"y":1,"w":5,"h":5,"fill":"#000000"}';
    const t = JSON.stringify(ctx.tpl);
    ctx.files.set('front.template.json', t.replace('"layers":[', `"layers":[${open}${leaf}${close},`));
    ctx.c.mutations.push(`nesting ${depth} groups front.template.json`);
  },
  shrinkMany(ctx) {
    const n = ctx.rng.pick([101, 500]);
    for (let i = 0; i < n; i++) ctx.tpl.layers.push({ id: `s${i}`, type: 'text', x: 1, y: 1, w: 20, h: 4, text: '{{text}}', face: 'sans', size: 30, minSize: 4, fit: 'shrink', color: '#000000' });
    ctx.c.mutations.push(`shrink-to-fit ${n} layers`);
  },
  delimiter(ctx) {
    const d = ctx.rng.pick([';', '\t', '|']);
    ctx.files.set('cards.csv', text(ctx, 'cards.csv').replaceAll(',', d));
    ctx.c.mutations.push(`csv delimiter ${JSON.stringify(d)}`);
  },
  ...FONT_AND_NAME_MUTATIONS,
};

const NAMES = Object.keys(MUTATIONS);
/** Costly mutations run less often, so the suite stays quick. */
const RARE = new Set(['manyRows', 'bigCell', 'manyLayers', 'huge', 'deepMarkdown', 'manyColumns']);
/** Mutations that edit the front template's layers and maps (applied before it is written). */
const STRUCTURAL = new Set(['escapeRef', 'hostileBinding', 'absurdNumbers', 'manyLayers', 'hugeBox', 'tableSizes', 'shrinkMany']);

/** The mutations about sizes that would stall layout or a worker: table sizes, SVG filters, nesting, shrink-to-fit. */
export const HEAVY_MUTATIONS = ['tableSizes', 'svgFilters', 'nesting', 'shrinkMany', 'manyLayers', 'manyRows', 'bigCell'] as const;

/**
 * Write case `i` (seeded) under `projectsDir/<id>`, its outside references pointing at `outside`;
 * with `from`, its mutations are drawn from those names only.
 */
export function makeCase(i: number, seed: number, projectsDir: string, outside: string, clean = false, from?: readonly string[]): FuzzCase {
  const rng = new Rng([seed >>> 0, i >>> 0, 0x9e3779b9, 0x85ebca6b]);
  for (let k = 0; k < 8; k++) rng.nextUint32();
  const id = clean ? `clean${i}` : `c${i}`;
  const dir = join(projectsDir, id);
  const c: FuzzCase = { id, dir, mutations: [], mustRefuse: false, png: clean || rng.int(4) === 0, acceptPreflight: !clean && rng.int(3) === 0, rulebook: clean || rng.int(6) === 0 };
  const tpl = front();
  const files: Files = new Map<string, string | Buffer>([
    ['cards.csv', CSV],
    ['back.template.json', JSON.stringify(BACK)],
    ['rules.zh.md', RULES],
    ['rules.en.md', RULES.replace('规则', 'Rules')],
    ['art/a.png', TINY_PNG],
  ]);
  const ctx: Ctx = { rng, files, specials: new Map(), outside, c, tpl };
  const picked: string[] = [];
  for (let k = clean ? 0 : 1 + rng.int(3); k > 0; k--) {
    if (from) {
      picked.push(rng.pick([...from]));
      continue;
    }
    const name = rng.pick(NAMES);
    picked.push(RARE.has(name) && rng.int(8) !== 0 ? rng.pick(NAMES.filter((n) => !RARE.has(n))) : name);
  }
  // Template edits first, then the files are written out, then byte-level damage to them.
  for (const name of picked) if (STRUCTURAL.has(name)) MUTATIONS[name]!(ctx);
  files.set('project.json', JSON.stringify(project(id), null, 2));
  files.set('front.template.json', JSON.stringify(tpl, null, 2));
  for (const name of picked) if (!STRUCTURAL.has(name)) MUTATIONS[name]!(ctx);
  const csv = files.get('cards.csv');
  if (ctx.artEscapes && ((typeof csv === 'string' && csv.includes('file:art/a.png')) || JSON.stringify(tpl).includes('file:art/a.png'))) c.mustRefuse = true;

  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'art'), { recursive: true });
  mkdirSync(join(dir, 'fonts'), { recursive: true });
  for (const [name, data] of files) if (!ctx.specials.has(name) && !(name.startsWith('art/') && ctx.specials.has('art'))) writeFileSync(join(dir, name), data);
  for (const [name, target] of ctx.specials) {
    // Under a linked art folder a path would land outside the case: the generator must not write there.
    if (name.startsWith('art/') && ctx.specials.has('art')) continue;
    const p = join(dir, name);
    rmSync(p, { recursive: true, force: true });
    if (target === 'fifo') execFileSync('mkfifo', [p]);
    else if (target === 'huge') {
      writeFileSync(p, '');
      truncateSync(p, 17 * 1024 * 1024);
    } else if (target === 'loop') symlinkSync(name.split('/').pop()!, p);
    else if (target === 'dir') mkdirSync(p);
    else symlinkSync(target, p);
  }
  return c;
}

/** Read a file of a case back (for assertions about what the case contains). */
export function caseFile(c: FuzzCase, name: string): string {
  return readFileSync(join(c.dir, name), 'utf8');
}
