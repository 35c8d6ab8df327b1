/**
 * Contact sheet of a card project: every face laid out with the real font measurer, written as
 * one HTML page of inline SVGs (fonts embedded as subsets, images as data URLs), and optionally
 * screenshotted with headless Chromium. A design tool for template authors: look at the PNG.
 *
 *   npx tsx scripts/contact-sheet.ts out.html                       # templates/doufu, all faces
 *   npx tsx scripts/contact-sheet.ts out.html --png out.png         # … and a screenshot
 *   npx tsx scripts/contact-sheet.ts out.html --png z.png --only PIG-YU,REF-1 --px 720 --guides
 *
 * Options:
 *   --project <dir>   project folder (default templates/doufu)
 *   --png <file>      screenshot the page with /usr/bin/chromium (override with CHROMIUM=…)
 *   --only a,b        only these card ids (their fronts, then their distinct backs)
 *   --px <n>          card width on the page in CSS pixels (default 240)
 *   --cols <n>        cards per row (default: as many as fit 1600 px)
 *   --guides          show bleed, trim (red dashes) and safe zone (blue dashes)
 *   --no-backs        fronts only
 *
 * Layout warnings (overflow, bindings) are printed and listed on the page.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadCardSet } from '../src/shared/cards/load';
import { layoutFace, type LaidOutFace } from '../src/shared/cards/layout';
import { drawListToSvg } from '../src/shared/cards/svg';
import { textByFace, walkOps, type FontFaceId } from '../src/shared/cards/draw-list';
import { faceCss } from '../src/shared/cards/fonts';
import type { Card } from '../src/shared/cards/schema';
import { createFontService } from '../src/main/services/export/fonts';
import { createAssetService } from '../src/main/services/export/assets';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

interface Args {
  out: string;
  project: string;
  png?: string;
  only?: Set<string>;
  px: number;
  cols?: number;
  guides: boolean;
  backs: boolean;
}

function parseArgs(argv: string[]): Args {
  const a: Args = { out: '', project: 'templates/doufu', px: 240, guides: false, backs: true };
  for (let i = 0; i < argv.length; i++) {
    const v = argv[i]!;
    const next = (): string => {
      const n = argv[++i];
      if (n === undefined) throw new Error(`${v} needs a value`);
      return n;
    };
    if (v === '--project') a.project = next();
    else if (v === '--png') a.png = next();
    else if (v === '--only') a.only = new Set(next().split(',').map((s) => s.trim()).filter(Boolean));
    else if (v === '--px') a.px = Number(next());
    else if (v === '--cols') a.cols = Number(next());
    else if (v === '--guides') a.guides = true;
    else if (v === '--no-backs') a.backs = false;
    else if (v.startsWith('--')) throw new Error(`unknown option ${v}`);
    else a.out = v;
  }
  if (!a.out) throw new Error('usage: npx tsx scripts/contact-sheet.ts out.html [--png out.png] [--only ID,ID] [--px 240] [--guides]');
  return a;
}

const esc = (s: string): string => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const dir = resolve(args.project);
  const loaded = loadCardSet((rel) => {
    try {
      return readFileSync(join(dir, rel), 'utf8');
    } catch {
      return undefined;
    }
  });
  if (!loaded.ok) throw new Error(loaded.error.message);
  const set = loaded.value;
  for (const w of loaded.warnings) console.warn(`warning: ${w.file} ${w.where}: ${w.message}`);

  const fonts = createFontService();
  const assets = createAssetService({ projectDir: dir });

  const cards = set.cards.filter((c) => !args.only || args.only.has(c.id));
  const faces: { label: string; card: Card; face: LaidOutFace }[] = [];
  for (const card of cards) faces.push({ label: `${card.id}${card.copies !== 1 ? ` ×${card.copies}` : ''}`, card, face: layoutFace(set, card, 'front', fonts.measurer) });
  if (args.backs) {
    const seen = new Set<string>();
    for (const card of cards) {
      if (seen.has(card.back)) continue;
      seen.add(card.back);
      faces.push({ label: `back: ${card.back}`, card, face: layoutFace(set, card, 'back', fonts.measurer) });
    }
  }

  const warnings = faces.flatMap((f) => f.face.warnings.map((w) => `${w.cardId} ${w.layer}: ${w.message}`));
  for (const w of warnings) console.warn(`layout: ${w}`);

  // Images as data URLs, fonts as subsets of exactly the text drawn.
  const refs = new Set<string>();
  for (const f of faces) walkOps(f.face.list.ops, (op) => op.op === 'image' && refs.add(op.ref));
  const images: Record<string, string> = {};
  for (const ref of refs) {
    try {
      images[ref] = await assets.dataUrl(ref);
    } catch (e) {
      warnings.push(`image ${ref}: ${(e as Error).message}`);
      console.warn(`image ${ref}: ${(e as Error).message}`);
    }
  }
  const css: string[] = [];
  for (const [face, text] of textByFace(faces.map((f) => f.face.list))) {
    const missing = fonts.missingGlyphs(face, text);
    if (missing.length) {
      const m = `face ${face} lacks glyphs: ${missing.join(' ')}`;
      warnings.push(m);
      console.warn(m);
    }
    const bytes = await fonts.subset(face, text);
    const f = faceCss(face as FontFaceId);
    // One family per face so a subset of one weight never stands in for another.
    css.push(`@font-face{font-family:'${f.family}';font-weight:${f.weight};src:url(data:font/ttf;base64,${Buffer.from(bytes).toString('base64')}) format('truetype');}`);
  }

  const cardW = set.file.card.width + (args.guides ? 2 * set.file.card.bleed : 0);
  const cardH = set.file.card.height + (args.guides ? 2 * set.file.card.bleed : 0);
  const pxH = Math.round((args.px * cardH) / cardW);
  const gap = Math.max(12, Math.round(args.px / 14));
  const cols = args.cols ?? Math.max(1, Math.floor((1600 - gap) / (args.px + gap)));
  const width = cols * (args.px + gap) + gap;
  const rows = Math.ceil(faces.length / cols);
  const labelH = 22;
  const warnH = warnings.length ? 30 + 16 * warnings.length : 0;
  const height = 70 + rows * (pxH + labelH + gap) + gap + warnH;

  const cells = faces
    .map(({ label, face }) => {
      let svg = drawListToSvg(face.list, {
        text: 'text',
        imageHref: (r) => images[r],
        showBleed: args.guides,
        cornerRadius: args.guides ? 0 : set.file.card.cornerRadius,
        guides: args.guides ? { safe: set.file.card.safe } : false,
      });
      svg = svg.replace(/ width="[^"]+mm" height="[^"]+mm"/, ` width="${args.px}" height="${pxH}"`);
      return `<figure>${svg}<figcaption>${esc(label)}</figcaption></figure>`;
    })
    .join('\n');

  const html = `<!doctype html><html lang="zh"><head><meta charset="utf-8"><title>${esc(set.file.name.zh)} — contact sheet</title>
<style>${css.join('\n')}
html,body{margin:0;background:#E9E3D6;font:13px/1.4 'Noto Sans SC',sans-serif;color:#1F1A17}
header{padding:16px ${gap}px 8px}
h1{font-size:18px;margin:0}
main{display:grid;grid-template-columns:repeat(${cols},${args.px}px);gap:${gap}px;padding:${gap}px}
figure{margin:0}
figure svg{display:block;filter:drop-shadow(0 1px 3px rgba(31,26,23,.35))}
figcaption{height:${labelH}px;line-height:${labelH}px;font-size:11px;color:#6B5A48;text-align:center}
.warn{padding:0 ${gap}px;color:#A8431F;font-size:11px}
</style></head><body>
<header><h1>${esc(set.file.name.zh)} ${esc(set.file.name.en)} · ${faces.length} faces · ${set.file.card.width}×${set.file.card.height} mm</h1></header>
<main>${cells}</main>
${warnings.length ? `<div class="warn"><b>${warnings.length} warnings</b><br>${warnings.map(esc).join('<br>')}</div>` : ''}
</body></html>`;
  writeFileSync(args.out, html);
  console.log(`wrote ${args.out}: ${faces.length} faces, ${warnings.length} warnings`);

  if (args.png) {
    const chromium = CHROMIUM_PATH;
    const profile = mkdtempSync(join(tmpdir(), 'contact-sheet-'));
    execFileSync(
      chromium,
      [
        ...CHROMIUM_ARGS,
        '--hide-scrollbars',
        `--user-data-dir=${profile}`,
        `--screenshot=${resolve(args.png)}`,
        `--window-size=${width},${height}`,
        pathToFileURL(resolve(args.out)).href,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'], timeout: 120_000 },
    );
    console.log(`screenshot ${args.png} (${width}×${height})`);
  }
}

main().catch((e: unknown) => {
  console.error((e as Error).message);
  process.exit(1);
});
