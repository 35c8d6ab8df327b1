// More hostile project folders for the safety fuzz test (tests/project-fuzz.test.ts), merged into
// the generator's mutations (tests/fuzz/corrupt-projects.ts):
//  - damaged fonts in the project's fonts/ folder (cut short, garbage behind a font signature, a
//    bare header, empty), used by a text layer: the font must be named and its text set in the
//    bundled face, never a parser error such as "Trying to access beyond buffer length";
//  - columns, column types, map names and map keys called after what every object inherits
//    (constructor, toString, __proto__, hasOwnProperty…): ordinary names, never a program error.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Rng } from '../../src/shared/util/rng';
import type { FuzzCase } from './corrupt-projects';

/** What these mutations use of the generator's context. */
interface Ctx {
  rng: Rng;
  files: Map<string, string | Buffer>;
  c: FuzzCase;
}

const FONTS = join(__dirname, '..', 'fixtures', 'fonts');
let ttf: Buffer | undefined;
let otf: Buffer | undefined;

/** Every name Object.prototype has. */
const PROTO_NAMES = Object.getOwnPropertyNames(Object.prototype);

function text(ctx: Ctx, name: string): string {
  const v = ctx.files.get(name);
  return v === undefined ? '' : typeof v === 'string' ? v : v.toString('utf8');
}

/** Edit a JSON file of the case if it still parses (another mutation may have broken it). */
function editJson(ctx: Ctx, name: string, edit: (v: Record<string, unknown>) => void): void {
  try {
    const v = JSON.parse(text(ctx, name)) as unknown;
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return;
    edit(v as Record<string, unknown>);
    ctx.files.set(name, JSON.stringify(v, null, 2));
  } catch {
    // Already damaged: the case tests that instead.
  }
}

/** Seeded bytes behind a font signature. */
function garbage(ctx: Ctx, tag: string, n: number): Buffer {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = ctx.rng.int(256);
  b.write(tag, 0, 'latin1');
  return b;
}

export const FONT_AND_NAME_MUTATIONS: Record<string, (ctx: Ctx) => void> = {
  brokenFont(ctx) {
    ttf ??= readFileSync(join(FONTS, 'dejavu-serif-latin.ttf'));
    otf ??= readFileSync(join(FONTS, 'fontawesome-cff-subset.otf'));
    const how = ctx.rng.pick(['cut-ttf', 'garbage-woff2', 'garbage-otf', 'cut-otf', 'header-only', 'empty', 'garbage-ttf']);
    const file = { 'cut-ttf': 'cut.ttf', 'garbage-woff2': 'junk.woff2', 'garbage-otf': 'junk.otf', 'cut-otf': 'cut.otf', 'header-only': 'head.ttf', empty: 'empty.ttf', 'garbage-ttf': 'junk.ttf' }[how]!;
    const bytes =
      how === 'cut-ttf'
        ? ttf.subarray(0, 2000 + ctx.rng.int(4000))
        : how === 'garbage-woff2'
          ? garbage(ctx, 'wOF2', 64 + ctx.rng.int(8000))
          : how === 'garbage-otf'
            ? garbage(ctx, 'OTTO', 64 + ctx.rng.int(8000))
            : how === 'garbage-ttf'
              ? garbage(ctx, '\u0000\u0001\u0000\u0000', 64 + ctx.rng.int(8000))
              : how === 'cut-otf'
                ? otf.subarray(0, 200 + ctx.rng.int(otf.length - 400))
                : how === 'header-only'
                  ? ttf.subarray(0, 12)
                  : Buffer.alloc(0);
    ctx.files.set(`fonts/${file}`, bytes);
    const where = ctx.rng.pick(['new-layer', 'name', 'body']);
    editJson(ctx, 'front.template.json', (t) => {
      const layers = Array.isArray(t.layers) ? (t.layers as Record<string, unknown>[]) : [];
      if (where === 'new-layer') layers.push({ id: 'in-font', type: 'text', x: 5, y: 40, w: 50, h: 8, text: 'Font 字体 {{name}}', face: `font:${file}`, size: 8, color: '#000000' });
      else for (const l of layers) if (l.id === where) l.face = `font:${file}`;
      t.layers = layers;
    });
    ctx.c.mutations.push(`broken-font ${how} fonts/${file} in ${where}`);
  },
  protoNames(ctx) {
    const names = ctx.rng.int(2) ? PROTO_NAMES : [ctx.rng.pick(PROTO_NAMES)];
    const how = ctx.rng.pick(['csv', 'types', 'maps', 'all']);
    if (how === 'csv' || how === 'all') {
      const head = ['id', 'copies', 'name', 'attr', 'text', 'art', ...names];
      const row = (id: string, attr: string) => [id, '1', `牌${id}`, attr, 'x', 'icon:fluent-emoji-flat:rat', ...names.map((n) => `v-${n}`)].join(',');
      ctx.files.set('cards.csv', `${head.join(',')}\n${row('RAT', '福')}\n${row('OX', '金')}\n`);
    }
    if (how === 'types' || how === 'all')
      editJson(ctx, 'project.json', (p) => {
        const columns: Record<string, unknown> = Object.create(null);
        for (const [i, n] of names.entries()) columns[n] = i % 2 ? { type: 'number' } : { type: 'list', values: [`v-${n}`, 'x'] };
        p.columns = columns;
        p.schemaVersion = 2;
      });
    if (how === 'maps' || how === 'all')
      editJson(ctx, 'front.template.json', (t) => {
        const maps: Record<string, Record<string, string>> = Object.create(null);
        for (const n of names) maps[n] = Object.fromEntries([[n, '#000000'], [`v-${n}`, '#C8102E']]);
        t.maps = maps;
        const layers = Array.isArray(t.layers) ? (t.layers as Record<string, unknown>[]) : [];
        for (const [i, n] of names.entries()) layers.push({ id: `p${i}`, type: 'text', x: 2, y: 2 + (i % 10) * 3, w: 40, h: 3, text: `{{${n}}}{{${n}:${n}}}`, face: 'sans', size: 6, color: '#000000' });
        t.layers = layers;
      });
    ctx.c.mutations.push(`proto-names ${how} ${names.length === 1 ? names[0] : 'all'}`);
  },
};
