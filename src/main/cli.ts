/**
 * `npm run cli`: the command line of Fuqi Workshop. This file reads the command and runs it, and
 * holds the export and rulebook commands; the others live in `cli-projects.ts`, `cli-simulate.ts`
 * and `cli-balance.ts`, and what they share in `cli-common.ts`.
 */
import { PNG_PRESET_IDS } from '../shared/print/png-presets';
import { oneLine, userPath } from './cli-args';
import { fail, failWith, flags, num, outputFile, projectArg } from './cli-common';
import { exportDataCommand, importCommand, listCommand, newCommand } from './cli-projects';
import { simulateCommand } from './cli-simulate';
import { USAGE } from './cli-usage';
import { createServices } from './services';
import { PrintService } from './services/print';
import { exportKit, type ExportTargets } from './services/export/kit';
import { exportRulebook } from './services/rulebook';
import { RULEBOOK_PAPERS, type RulebookPaper } from '../shared/print/rulebook';
import { checkTargets } from './services/export/place';
import { exportZodiacKit } from './services/export/zodiac-kit';
import { BOARD_FLAGS, KIT_FLAGS, kitRequestFromFlags } from './cli-kit';
import { DL_KIT_FLAGS, dlKitRequestFromFlags } from './cli-dl-kit';
import { exportDouLaobanKit } from './services/export/dou-laoban-kit';
import { MW_KIT_FLAGS, mwKitRequestFromFlags } from './cli-mw-kit';
import { exportMoyuKit } from './services/export/moyu-kit';
import { DS_KIT_FLAGS } from './cli-ds-kit';
import { exportShisiKit } from './services/export/shisi-kit';
import type { KitDeps } from './services/export/kit';
import type { KitSection } from '../shared/print/zodiac/cover';
import type { Result } from '../shared/util/result';
import { balanceCommand } from './cli-balance';

async function exportCommand(args: string[]): Promise<void> {
  const { values, positionals } = flags('export', args, {
    out: { type: 'string', value: 'FILE' },
    paper: { type: 'string', value: 'a4|letter|a3|tabloid' },
    orientation: { type: 'string', value: 'portrait|landscape|auto' },
    duplex: { type: 'string', value: 'none|long|short' },
    bleed: { type: 'string', value: 'MM' },
    margin: { type: 'string', value: 'MM' },
    gutter: { type: 'string', value: 'auto|MM' },
    'card-code': { type: 'boolean' },
    'png-preset': { type: 'string', value: PNG_PRESET_IDS.join('|') },
    marks: { type: 'string', value: 'crop|lines|none' },
    'card-size': { type: 'string', value: 'project|poker|poker-in|bridge|mini|tarot|square' },
    'offset-x': { type: 'string', value: 'MM' },
    'offset-y': { type: 'string', value: 'MM' },
    'no-calibration': { type: 'boolean' },
    cards: { type: 'string', value: 'ID,ID,…' },
    copies: { type: 'string', value: 'N' },
    png: { type: 'string', value: 'DIR' },
    tts: { type: 'string', value: 'FILE' },
    'accept-preflight': { type: 'boolean' },
    overwrite: { type: 'boolean' },
  });
  const services = createServices({ mode: 'cli' });
  const { id: projectId, label } = projectArg(services, positionals[0] ?? fail('name the project to export, e.g. `npm run cli -- export doufu` or `npm run cli -- export ./my-game`'));
  const req = PrintService.resolve({
    projectId,
    paper: values.paper,
    orientation: values.orientation,
    duplex: values.duplex,
    bleed: num(values.bleed, 'bleed'),
    margin: num(values.margin, 'margin'),
    gutter: values.gutter === undefined || values.gutter === 'auto' ? values.gutter : num(values.gutter, 'gutter'),
    cardCode: values['card-code'] ?? false,
    pngPreset: values['png-preset'],
    marks: values.marks,
    cardSize: values['card-size'],
    backOffset: values['offset-x'] !== undefined || values['offset-y'] !== undefined ? { x: num(values['offset-x'], 'offset-x') ?? 0, y: num(values['offset-y'], 'offset-y') ?? 0 } : undefined,
    calibration: values['no-calibration'] ? false : undefined,
    cards: values.cards ? values.cards.split(',').map((s) => s.trim()).filter(Boolean) : undefined,
    copies: values.copies !== undefined ? num(values.copies, 'copies') : undefined,
    png: values.png !== undefined,
    tts: values.tts !== undefined,
    acceptPreflight: values['accept-preflight'] ?? false,
  });
  if (!req.ok) failWith(req.error);
  const targets: ExportTargets = { pdf: outputFile('--out', values.out ?? `${label}.pdf`, `${label}.pdf`), overwrite: values.overwrite ?? false };
  if (values.png) targets.pngDir = userPath(values.png);
  if (values.tts) targets.ttsFile = outputFile('--tts', values.tts, `${label}-tts.png`);
  const t0 = performance.now();
  let last = -1;
  const res = await exportKit({ projects: services.projects, fonts: services.fonts, assets: services.assets.forProject }, req.value, targets, {
    onProgress: (f) => {
      const pct = Math.floor(f * 10) * 10;
      if (pct !== last && process.stderr.isTTY) process.stderr.write(`\r${pct}%`);
      last = pct;
    },
  });
  if (process.stderr.isTTY) process.stderr.write('\r');
  if (!res.ok) failWith(res.error);
  for (const i of res.value.preflight.issues) console.warn(`${i.severity}: ${i.cardId ?? ''} ${i.elementId ?? ''} ${i.message.en}`.replace(/\s+/g, ' '));
  for (const f of res.value.files) console.log(`${f.kind.padEnd(7)} ${f.path} (${(f.bytes / 1024).toFixed(0)} KB)`);
  console.log(`${res.value.pages} pages, ${res.value.sheets} card sheets (${res.value.preflight.orientation}) in ${((performance.now() - t0) / 1000).toFixed(2)} s`);
}

/** `export zodiac-race-kit` (or `export zodiac-race-board`, the board part): the 生肖赛跑 kit PDF. */
async function kitCommand(args: string[]): Promise<void> {
  const name = args[0]!;
  const { values } = flags('export', args, name === 'zodiac-race-board' ? BOARD_FLAGS : KIT_FLAGS);
  const req = kitRequestFromFlags(values, name === 'zodiac-race-board');
  if (!req.ok) fail(req.error.message);
  const out = outputFile('--out', values.out ?? `${name}.pdf`, `${name}.pdf`);
  const services = createServices({ mode: 'cli' });
  try {
    const t0 = performance.now();
    const res = await exportZodiacKit({ projects: services.projects, fonts: services.fonts, assets: services.assets.forProject }, req.value, out, { overwrite: values.overwrite ?? false });
    if (!res.ok) fail(res.error.message);
    for (const s of res.value.sections) console.log(`${s.title.padEnd(28)} pages ${s.from}–${s.to}${s.duplex ? ' (double-sided)' : ''}`);
    if (res.value.board) console.log(`board: ${res.value.board.tiles.length === 1 ? 'one page' : `${res.value.board.cols} × ${res.value.board.rows} tiles (${res.value.board.tiles.map((t) => t.label).join(' ')})`} ${res.value.board.orientation}, scale ${res.value.board.scale}%`);
    console.log(`pdf     ${out} (${(res.value.bytes / 1024).toFixed(0)} KB), ${res.value.pages} pages in ${((performance.now() - t0) / 1000).toFixed(2)} s`);
  } finally {
    await services.workers.close();
  }
}

/** `export dou-laoban-kit`: the 斗老闆 kit PDF. */
async function dlKitCommand(args: string[]): Promise<void> {
  const { values } = flags('export', args, DL_KIT_FLAGS);
  const req = dlKitRequestFromFlags(values);
  if (!req.ok) fail(req.error.message);
  const out = outputFile('--out', values.out ?? 'dou-laoban-kit.pdf', 'dou-laoban-kit.pdf');
  const services = createServices({ mode: 'cli' });
  try {
    const t0 = performance.now();
    const res = await exportDouLaobanKit({ projects: services.projects, fonts: services.fonts, assets: services.assets.forProject }, req.value, out, { overwrite: values.overwrite ?? false });
    if (!res.ok) fail(res.error.message);
    for (const s of res.value.sections) console.log(`${s.title.padEnd(28)} pages ${s.from}–${s.to}${s.duplex ? ' (double-sided)' : ''}`);
    console.log(`pdf     ${out} (${(res.value.bytes / 1024).toFixed(0)} KB), ${res.value.pages} pages in ${((performance.now() - t0) / 1000).toFixed(2)} s`);
  } finally {
    await services.workers.close();
  }
}

/** `export moyu-wang-kit`: the 摸鱼王 kit PDF. */
async function mwKitCommand(args: string[]): Promise<void> {
  const { values } = flags('export', args, MW_KIT_FLAGS);
  const req = mwKitRequestFromFlags(values);
  if (!req.ok) fail(req.error.message);
  await cardKitExport(exportMoyuKit, req.value, values.out, 'moyu-wang-kit.pdf', values.overwrite ?? false);
}

/** `export dou-shisi-kit`: the 斗十四 kit PDF (the card-kit flags, without --parts). */
async function dsKitCommand(args: string[]): Promise<void> {
  const { values } = flags('export', args, DS_KIT_FLAGS);
  const req = mwKitRequestFromFlags(values);
  if (!req.ok) fail(req.error.message);
  await cardKitExport(exportShisiKit, req.value, values.out, 'dou-shisi-kit.pdf', values.overwrite ?? false);
}

/** Write a card game's kit PDF and print its sections. */
async function cardKitExport<R>(
  write: (deps: KitDeps, req: R, file: string, opts: { overwrite?: boolean }) => Promise<Result<{ pages: number; bytes: number; sections: KitSection[] }>>,
  req: R,
  outFlag: string | undefined,
  fallback: string,
  overwrite: boolean,
): Promise<void> {
  const out = outputFile('--out', outFlag ?? fallback, fallback);
  const services = createServices({ mode: 'cli' });
  try {
    const t0 = performance.now();
    const res = await write({ projects: services.projects, fonts: services.fonts, assets: services.assets.forProject }, req, out, { overwrite });
    if (!res.ok) fail(res.error.message);
    for (const s of res.value.sections) console.log(`${s.title.padEnd(28)} pages ${s.from}–${s.to}${s.duplex ? ' (double-sided)' : ''}`);
    console.log(`pdf     ${out} (${(res.value.bytes / 1024).toFixed(0)} KB), ${res.value.pages} pages in ${((performance.now() - t0) / 1000).toFixed(2)} s`);
  } finally {
    await services.workers.close();
  }
}

async function rulebookCommand(args: string[]): Promise<void> {
  const { values, positionals } = flags('rulebook', args, {
    lang: { type: 'string', value: 'zh|en' },
    paper: { type: 'string', value: 'a4|a5|letter|half-letter' },
    booklet: { type: 'boolean' },
    out: { type: 'string', value: 'FILE' },
    overwrite: { type: 'boolean' },
  });
  const services = createServices({ mode: 'cli' });
  const { id: projectId, label } = projectArg(services, positionals[0] ?? fail('name the project, e.g. `npm run cli -- rulebook doufu --lang zh`'));
  const lang = values.lang ?? 'zh';
  if (lang !== 'zh' && lang !== 'en') fail(`--lang must be zh or en, not "${lang}"`);
  const paper = (values.paper ?? 'a5').trim().toLowerCase() as RulebookPaper;
  if (!RULEBOOK_PAPERS.includes(paper)) fail(`--paper must be one of ${RULEBOOK_PAPERS.join(', ')}, not "${paper}"`);
  const out = outputFile('--out', values.out ?? `${label}-rules-${lang}.pdf`, `${label}-rules-${lang}.pdf`);
  const free = checkTargets([{ path: out, kind: 'file' }], values.overwrite ?? false);
  if (!free.ok) fail(free.error.message);
  const t0 = performance.now();
  const res = await exportRulebook({ projects: services.projects, fonts: services.fonts, assets: services.assets.forProject }, { projectId, lang, paper, booklet: values.booklet ?? false }, out);
  if (!res.ok) fail(res.error.message);
  for (const w of res.value.warnings) console.warn(`warning: ${w}`);
  console.log(`pdf     ${out} (${(res.value.bytes / 1024).toFixed(0)} KB)`);
  console.log(`${res.value.bookPages} pages${values.booklet ? ` on ${res.value.pages} booklet sides` : ''} in ${((performance.now() - t0) / 1000).toFixed(2)} s`);
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  switch (command) {
    case 'export':
      if (rest[0] === 'dou-laoban-kit') return dlKitCommand(rest);
      if (rest[0] === 'moyu-wang-kit') return mwKitCommand(rest);
      if (rest[0] === 'dou-shisi-kit') return dsKitCommand(rest);
      return rest[0] === 'zodiac-race-kit' || rest[0] === 'zodiac-race-board' ? kitCommand(rest) : exportCommand(rest);
    case 'rulebook':
      return rulebookCommand(rest);
    case 'simulate':
      return simulateCommand(rest);
    case 'balance':
      return balanceCommand(rest);
    case 'new':
      return newCommand(rest);
    case 'list':
      return listCommand(rest);
    case 'import':
      return importCommand(rest);
    case 'export-data':
      return exportDataCommand(rest);
    case undefined:
    case 'help':
    case '--help':
      console.log(USAGE);
      return;
    default:
      fail(`unknown command "${command}"; commands: list, new, import, export-data, export, rulebook, simulate, balance, help (\`npm run cli -- help\` shows their options)`);
  }
}

// Whatever fails (a write refused with EACCES, EISDIR or EEXIST, a bug) ends as one line and
// exit code 2, never a stack trace; FUQI_DEBUG=1 prints the stack too, for bug reports.
main().catch((e: unknown) => {
  if (process.env.FUQI_DEBUG) console.error(e);
  fail(oneLine(e));
});
