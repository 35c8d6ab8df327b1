import { lstatSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import { PNG_PRESET_IDS } from '../shared/print/png-presets';
import { checkOutputFile, oneLine, parseFlags, userPath, type FlagSpec } from './cli-args';
import { createServices, type Services } from './services';
import { PrintService } from './services/print';
import { exportKit, type ExportTargets } from './services/export/kit';
import { exportRulebook } from './services/rulebook';
import { RULEBOOK_PAPERS, type RulebookPaper } from '../shared/print/rulebook';
import { checkTargets } from './services/export/place';
import { simulateDouShisi } from './cli-dou-shisi';
import { formatDlSummary, formatSummary, formatZrSummary, resolveConfig, resolveDlConfig, resolveZrConfig, runDlSimulation, runDlToFile, runSimulation, runToFile, runZrSimulation, runZrToFile, type SimProgress } from './services/simulation';
import { dataFileBytes, diffSummary, importIntoProject, readInline } from './services/sheets/project-data';
import { writeAtomic } from './services/export/write';
import { exportZodiacKit } from './services/export/zodiac-kit';
import { BOARD_FLAGS, KIT_FLAGS, KIT_USAGE, kitRequestFromFlags } from './cli-kit';
import { DL_KIT_FLAGS, DL_KIT_USAGE, dlKitRequestFromFlags } from './cli-dl-kit';
import { exportDouLaobanKit } from './services/export/dou-laoban-kit';
import { SIMULATE_USAGE } from './cli-usage';
import { MW_KIT_FLAGS, MW_KIT_USAGE, mwKitRequestFromFlags } from './cli-mw-kit';
import { exportMoyuKit } from './services/export/moyu-kit';
import { DS_KIT_FLAGS, DS_KIT_USAGE } from './cli-ds-kit';
import { exportShisiKit } from './services/export/shisi-kit';
import type { KitDeps } from './services/export/kit';
import type { KitSection } from '../shared/print/zodiac/cover';
import type { Result } from '../shared/util/result';
import { simulateMoyuWang } from './cli-moyu';
import { BALANCE_USAGE, balanceCommand } from './cli-balance';

const USAGE = `Fuqi Workshop command line

  npm run cli -- list [<project>]
      The built-in projects and yours (id, name, cards, folder); with a project, its cards.

  npm run cli -- new <folder> [options]
      A new project in a new folder: a blank one (poker-size cards, a front with a title and
      text, a back, three example cards), or a copy of another project.
      --from PROJECT        copy this project (an id such as doufu, or a folder) instead
      --name NAME           the project's name (default: the folder's name)

  <project> is a project id (doufu, or a u-… id of yours as list shows it) or a project folder.
  Your projects live in ~/Documents/Fuqi Workshop/projects (FUQI_PROJECTS_DIR overrides).

  npm run cli -- import <project> <file.csv|file.xlsx> [options]
      Import card data: columns are matched by header, rows by id; prints what changes, then
      writes the project's cards.csv (atomically). Rows and columns the file lacks are kept.
      --sheet NAME          the XLSX sheet to read (default: the first)
      --remove-missing      also remove the rows and columns the file does not have
      --dry-run             only print what would change

  npm run cli -- export-data <project> --format csv|xlsx --out FILE
      The project's card data as a CSV (UTF-8) or XLSX file.
      --overwrite           replace an existing FILE

  npm run cli -- export <project> [options]
      Print-and-play PDF (and optional per-card PNGs and a Tabletop Simulator sheet), exactly as the app exports it.
      --out FILE            PDF to write (default <project>.pdf)
      --paper a4|letter|a3|tabloid   paper (default a4)
      --orientation auto|portrait|landscape   which way round the sheets print; auto keeps crop marks
                            on white inside the margin when either way can, and says what to change when neither can (default auto)
      --duplex none|long|short   backs: none, long-edge flip or short-edge flip (default long)
      --bleed MM            bleed around every card, 0–6 (default 3)
      --margin MM           border your printer cannot print; cards, marks and the foot line stay inside it (default 5)
      --gutter auto|MM      space between cards: auto gives inner cuts bleed when the paper allows; 0 butts them (default auto)
      --marks crop|lines|none    crop marks, full cut lines or nothing (default crop)
      --card-code           print each card's id and variant (e.g. 1/2) as a tiny print-shop code on its face
      --card-size project|poker|poker-in|bridge|mini|tarot|square   (default project)
      --offset-x MM --offset-y MM   shift back pages to correct your printer (default 0)
      --no-calibration      leave out the calibration page
      --cards ID,ID,…       only these cards
      --copies N            N copies of each selected card instead of the set's counts
      --png DIR             also write one PNG per card face (300 DPI, with bleed) into DIR
      --png-preset P        per-card PNGs (with --png): 300dpi (the card at 300 DPI), poker-825x1125,
                            makeplayingcards-poker / printerstudio-poker (822 × 1122 px, front-001.png…),
                            thegamecrafter-poker (825 × 1125 px); README "Print shops" has their numbers
      --tts FILE            also write Tabletop Simulator deck sheets (and FILE-back.png); cards with another back
                            (斗福's reference cards) get their own sheet, FILE-<back>.png
      --accept-preflight    export even when preflight finds errors
      --overwrite           replace existing output files (in a --png folder only the files written)

${KIT_USAGE}

${DL_KIT_USAGE}

${MW_KIT_USAGE}

${DS_KIT_USAGE}

  npm run cli -- rulebook <project> [options]
      The rulebook, typeset from the project's Markdown sources.
      --lang zh|en          language (default zh)
      --paper a4|a5|letter|half-letter  page size (default a5; A4 and Letter are set in two columns)
      --booklet             saddle-stitch booklet: pages in fold order, two per side of A4 / A3 / Tabloid / Letter
      --out FILE            PDF to write (default <project>-rules-<lang>.pdf)
      --overwrite           replace an existing FILE

${SIMULATE_USAGE}
${BALANCE_USAGE}

Relative paths (--out, --png, --tts, --summary) are taken from the folder you run the command in.
Any failure prints one line "error: …" and exits with code 2 (FUQI_DEBUG=1 adds the stack trace).

Examples:
  npm run cli -- simulate doufu --players 4 --games 10000 --seed 1 --bots heuristic --out runs.jsonl --workers 2
  npm run cli -- simulate doufu --players 4 --games 200 --bots random,heuristic,search,heuristic
  npm run cli -- simulate zodiac-race --players 4 --games 1000 --seed 1 --bots heuristic --out zr.jsonl --workers 2
  npm run cli -- simulate dou-laoban --games 10000 --seed 1 --bots random --options '{"deals":1}' --out dl.jsonl --workers 2
  npm run cli -- simulate dou-laoban --games 100 --bots search,heuristic,heuristic
  npm run cli -- simulate moyu-wang --games 10000 --players 4 --bots random --out mw.jsonl --workers 2
  npm run cli -- simulate dou-shisi --games 1000 --seed 1 --bots random --options '{"hands":1}' --out ds.jsonl --workers 2
  npm run cli -- export doufu --paper a4 --duplex long --out doufu.pdf
  npm run cli -- new my-game --from doufu --name "My Dou Fu"
  npm run cli -- import ./my-game cards.xlsx --sheet 卡牌 --dry-run
  npm run cli -- export ./my-game --out my-game.pdf
  npm run cli -- rulebook doufu --lang zh --paper a5 --out doufu-rules.pdf
  npm run cli -- export zodiac-race-kit --paper a4 --out zodiac-race-kit.pdf
  npm run cli -- export dou-laoban-kit --paper letter --out dou-laoban-kit.pdf
  npm run cli -- rulebook dou-laoban --lang zh --paper a4 --out dou-laoban-rules.pdf
  npm run cli -- export moyu-wang-kit --paper letter --out moyu-wang-kit.pdf
  npm run cli -- rulebook moyu-wang --lang en --paper a4 --out moyu-wang-rules.pdf
  npm run cli -- export dou-shisi-kit --paper a3 --out dou-shisi-kit.pdf
  npm run cli -- rulebook dou-shisi --lang zh --paper a4 --out dou-shisi-rules.pdf
  npm run cli -- export doufu --paper letter --duplex short --bleed 3 --png cards/ --tts doufu-tts.png
`;

/** End the CLI: one line `error: …` on stderr, exit code 2, never a stack trace. */
function fail(message: string): never {
  console.error(`error: ${oneLine(message)}`);
  process.exit(2);
}

/** End with an app error: its English message, and its Chinese one when it carries one (`details.zh`). */
function failWith(e: { message: string; details?: unknown }): never {
  const zh = (e.details as { zh?: unknown } | undefined)?.zh;
  if (typeof zh === 'string' && zh) console.error(`错误：${oneLine(zh)}`);
  fail(e.message);
}

/** A command's flags and positionals, or the CLI ends with the problem. */
function flags<F extends Record<string, FlagSpec>>(command: string, args: string[], spec: F) {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    process.exit(0);
  }
  const r = parseFlags(command, args, spec);
  if (!r.ok) fail(r.error.message);
  return r.value;
}

/** An output file the user named, absolute against their folder, and not an existing folder. */
function outputFile(flag: string, p: string, example: string): string {
  const r = checkOutputFile(flag, userPath(p), example);
  if (!r.ok) fail(r.error.message);
  return r.value;
}

function num(v: string | undefined, name: string): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n)) fail(`--${name} expects a number, got "${v}"`);
  return n;
}

/**
 * The project a command names: a project id, or a folder holding a project.json (known to this
 * run only, or by its u-… id when it is in the projects folder). Answers the id and a label for
 * default file names (the id, or the folder's name).
 */
function projectArg(services: Services, arg: string): { id: string; label: string } {
  const looksLikePath = /[\\/]/.test(arg) || arg.startsWith('.') || arg === '~';
  if (!looksLikePath && services.projects.locate(arg).ok) return { id: arg, label: arg };
  const abs = userPath(arg);
  let st: ReturnType<typeof lstatSync> | undefined;
  try {
    st = lstatSync(abs);
  } catch {
    st = undefined;
  }
  if (!st) {
    const r = services.projects.locate(arg);
    fail(looksLikePath ? `there is no folder ${abs}; check the path` : r.ok ? 'unreachable' : `${r.error.message} Or give the path of a project folder (e.g. ./my-game).`);
  }
  if (st.isSymbolicLink()) fail(`${abs} is a link; give the folder it points to`);
  if (!st.isDirectory()) fail(`${abs} is a file; give the project's folder (the one holding project.json)`);
  try {
    if (!lstatSync(`${abs}/project.json`).isFile()) throw new Error();
  } catch {
    fail(`${abs} is not a project folder: it has no project.json. Create one with \`npm run cli -- new ${arg}\``);
  }
  return { id: services.projects.user!.addSession(abs), label: basename(abs) };
}

/** A project's names for a listing: both languages, once when they are the same. */
const names = (n: { zh: string; en: string }): string => (n.zh === n.en ? n.zh : `${n.zh} ${n.en}`);

async function newCommand(args: string[]): Promise<void> {
  const { values, positionals } = flags('new', args, { from: { type: 'string', value: 'PROJECT' }, name: { type: 'string', value: 'NAME' } });
  const folder = positionals[0] ?? fail('name the new folder, e.g. `npm run cli -- new my-game --from doufu`');
  const at = userPath(folder);
  const name = (values.name ?? basename(at)).trim() || fail('--name is empty; give the project a name');
  const services = createServices({ mode: 'cli' });
  try {
    const made = values.from ? services.editor.copy(projectArg(services, values.from).id, name, at) : services.editor.create({ name, card: { preset: 'poker' } }, at);
    if (!made.ok) fail(made.error.message);
    for (const s of made.value.skipped) console.warn(`warning: not copied: ${s.file}: ${s.reason}`);
    const p = made.value.summary;
    console.log(`${p.id}\t${names(p.name)}\t${p.cardCount} cards\t${p.dir}`);
  } finally {
    await services.workers.close();
  }
}

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

function whole(v: string | undefined, name: string): number | undefined {
  const n = num(v, name);
  if (n !== undefined && !Number.isInteger(n)) fail(`--${name} expects a whole number, got "${v}"`);
  return n;
}

async function simulateCommand(args: string[]): Promise<void> {
  const { values, positionals } = flags('simulate', args, {
    games: { type: 'string', value: 'N' },
    players: { type: 'string', value: 'N' },
    seed: { type: 'string', value: 'S' },
    bots: { type: 'string', value: 'B[,B…]' },
    mode: { type: 'string', value: 'ffa|2v2' },
    options: { type: 'string', value: 'JSON' },
    out: { type: 'string', value: 'FILE' },
    summary: { type: 'string', value: 'FILE' },
    workers: { type: 'string', value: 'N' },
    'max-hands': { type: 'string', value: 'N' },
    'search-iterations': { type: 'string', value: 'N' },
    'search-ms': { type: 'string', value: 'MS' },
  });
  const game = positionals[0] ?? fail('name the game, e.g. `npm run cli -- simulate doufu --games 100` or `npm run cli -- simulate zodiac-race --games 100`');
  if (game === 'zodiac-race') return simulateZodiac(values);
  if (game === 'dou-laoban') return simulateDouLaoban(values);
  if (game === 'moyu-wang') return simulateMoyuWang(values, { fail, whole, outputFile });
  if (game === 'dou-shisi') return simulateDouShisi(values, { fail, whole, num, outputFile });
  const cfg = resolveConfig({
    game,
    matches: whole(values.games, 'games'),
    players: whole(values.players, 'players'),
    seed: values.seed,
    bots: values.bots,
    mode: values.mode,
    options: values.options,
    workers: whole(values.workers, 'workers') ?? Math.min(64, availableParallelism()),
    maxHands: whole(values['max-hands'], 'max-hands'),
    searchIterations: whole(values['search-iterations'], 'search-iterations'),
    searchMs: num(values['search-ms'], 'search-ms'),
  });
  if (!cfg.ok) fail(cfg.error.message);
  for (const w of cfg.value.warnings) console.warn(`warning: ${w}`);
  if (cfg.value.search.timeMs !== undefined && cfg.value.bots.includes('search')) console.warn('warning: --search-ms makes the search bot depend on machine speed; the run is not reproducible.');
  // Progress on stderr: a live line on a terminal, a line every 10 s otherwise (logs stay short).
  let last = 0;
  const onProgress = (p: SimProgress) => {
    const now = performance.now();
    if (p.matches < p.of && now - last < (process.stderr.isTTY ? 250 : 10_000)) return;
    last = now;
    const rate = p.ms > 0 ? (p.hands * 1000) / p.ms : 0;
    const eta = p.matches > 0 ? ((p.of - p.matches) * p.ms) / p.matches / 1000 : 0;
    const line = `${p.matches}/${p.of} matches, ${p.hands} hands, ${Math.round(rate)} hands/s, ETA ${eta.toFixed(0)} s`;
    if (process.stderr.isTTY) process.stderr.write(`\r${line}\x1b[K${p.matches === p.of ? '\n' : ''}`);
    else process.stderr.write(`${line}\n`);
  };
  const out = values.out ? outputFile('--out', values.out, 'runs.jsonl') : null;
  const summaryFile = values.summary ? outputFile('--summary', values.summary, 'summary.json') : null;
  const { summary, timing } = out ? await runToFile(cfg.value, out, { onProgress }) : await runSimulation(cfg.value, { onProgress });
  console.log(formatSummary(summary, timing));
  if (out) console.log(`jsonl   ${out} (${summary.hands.total} hands)`);
  if (summaryFile) {
    writeFileSync(summaryFile, JSON.stringify(summary, null, 2) + '\n');
    console.log(`summary ${summaryFile}`);
  }
}

/** `simulate zodiac-race`: one JSON line per game, and the zodiac summary. */
async function simulateZodiac(values: Record<string, string | boolean | undefined>): Promise<void> {
  const str = (k: string) => (typeof values[k] === 'string' ? (values[k] as string) : undefined);
  for (const k of ['mode', 'max-hands', 'search-ms']) if (str(k) !== undefined) fail(`--${k} is a doufu option; for zodiac-race put the rules in --options (e.g. '{"mode":"2teams"}')`);
  const cfg = resolveZrConfig({
    matches: whole(str('games'), 'games'),
    players: whole(str('players'), 'players'),
    seed: str('seed'),
    bots: str('bots'),
    options: str('options'),
    workers: whole(str('workers'), 'workers') ?? Math.min(64, availableParallelism()),
    searchIterations: whole(str('search-iterations'), 'search-iterations'),
  });
  if (!cfg.ok) fail(cfg.error.message);
  let last = 0;
  const onProgress = (p: SimProgress) => {
    const now = performance.now();
    if (p.matches < p.of && now - last < (process.stderr.isTTY ? 250 : 10_000)) return;
    last = now;
    const line = `${p.matches}/${p.of} games, ${((p.matches * 1000) / Math.max(1, p.ms)).toFixed(1)} games/s`;
    if (process.stderr.isTTY) process.stderr.write(`\r${line}\x1b[K${p.matches === p.of ? '\n' : ''}`);
    else process.stderr.write(`${line}\n`);
  };
  const out = str('out') ? outputFile('--out', str('out')!, 'runs.jsonl') : null;
  const summaryFile = str('summary') ? outputFile('--summary', str('summary')!, 'summary.json') : null;
  const { summary, timing } = out ? await runZrToFile(cfg.value, out, { onProgress }) : await runZrSimulation(cfg.value, { onProgress });
  console.log(formatZrSummary(summary, timing));
  if (out) console.log(`jsonl   ${out} (${summary.games} games)`);
  if (summaryFile) {
    writeFileSync(summaryFile, JSON.stringify(summary, null, 2) + '\n');
    console.log(`summary ${summaryFile}`);
  }
}

/** `simulate dou-laoban`: one JSON line per deal, and the 斗老闆 summary. */
async function simulateDouLaoban(values: Record<string, string | boolean | undefined>): Promise<void> {
  const str = (k: string) => (typeof values[k] === 'string' ? (values[k] as string) : undefined);
  for (const k of ['mode', 'max-hands']) if (str(k) !== undefined) fail(`--${k} is a doufu option; for dou-laoban put the rules in --options (e.g. '{"deals":1,"bomb_cap":3}')`);
  if (str('players') !== undefined && str('players') !== '3') fail(`dou-laoban is played by exactly 3 players (got --players ${str('players')})`);
  const cfg = resolveDlConfig({
    matches: whole(str('games'), 'games'),
    seed: str('seed'),
    bots: str('bots'),
    options: str('options'),
    workers: whole(str('workers'), 'workers') ?? Math.min(64, availableParallelism()),
    searchIterations: whole(str('search-iterations'), 'search-iterations'),
    searchMs: num(str('search-ms'), 'search-ms'),
  });
  if (!cfg.ok) fail(cfg.error.message);
  for (const w of cfg.value.warnings) console.warn(`warning: ${w}`);
  if (cfg.value.search.timeMs !== undefined && cfg.value.bots.includes('search')) console.warn('warning: --search-ms makes the search bot depend on machine speed; the run is not reproducible.');
  let last = 0;
  const onProgress = (p: SimProgress) => {
    const now = performance.now();
    if (p.matches < p.of && now - last < (process.stderr.isTTY ? 250 : 10_000)) return;
    last = now;
    const line = `${p.matches}/${p.of} matches, ${p.hands} deals, ${Math.round((p.hands * 1000) / Math.max(1, p.ms))} deals/s`;
    if (process.stderr.isTTY) process.stderr.write(`\r${line}\x1b[K${p.matches === p.of ? '\n' : ''}`);
    else process.stderr.write(`${line}\n`);
  };
  const out = str('out') ? outputFile('--out', str('out')!, 'runs.jsonl') : null;
  const summaryFile = str('summary') ? outputFile('--summary', str('summary')!, 'summary.json') : null;
  const { summary, timing } = out ? await runDlToFile(cfg.value, out, { onProgress }) : await runDlSimulation(cfg.value, { onProgress });
  console.log(formatDlSummary(summary, timing));
  if (out) console.log(`jsonl   ${out} (${summary.deals + summary.redeals} deals)`);
  if (summaryFile) {
    writeFileSync(summaryFile, JSON.stringify(summary, null, 2) + '\n');
    console.log(`summary ${summaryFile}`);
  }
}

async function listCommand(args: string[]): Promise<void> {
  const { positionals } = flags('list', args, {});
  const s = createServices({ mode: 'cli' });
  if (positionals[0] !== undefined) {
    const p = s.projects.get(projectArg(s, positionals[0]).id);
    if (!p.ok) fail(p.error.message);
    for (const w of p.value.warnings) console.warn(`warning: ${w.file} ${w.where}: ${w.message}`);
    for (const c of p.value.set.cards) console.log(`${c.id}\t${c.copies}\t${c.template}/${c.back}`);
    return;
  }
  for (const p of s.projects.list())
    console.log(p.problem ? `${p.id}\tERROR ${p.problem.message}` : `${p.id}\t${names(p.name)}\t${p.cardCount} cards${p.builtIn ? '\tbuilt-in' : `\t${p.dir}`}`);
}

/** The bytes of an input file the user named, or the CLI ends saying why it cannot be read. */
function inputFile(p: string): Buffer {
  const abs = userPath(p);
  try {
    if (!lstatSync(abs).isFile()) fail(`${abs} is not a file; give the spreadsheet to import`);
    return readFileSync(abs);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') fail(`there is no file ${abs}; check the path`);
    throw e;
  }
}

async function importCommand(args: string[]): Promise<void> {
  const r = parseFlags('import', args, { sheet: { type: 'string', value: 'NAME' }, 'remove-missing': { type: 'boolean' }, 'dry-run': { type: 'boolean' } }, 2);
  if (args.includes('--help') || args.includes('-h')) return void console.log(USAGE);
  if (!r.ok) fail(r.error.message);
  const { values, positionals } = r.value;
  const usage = 'e.g. `npm run cli -- import ./my-game cards.xlsx`';
  const services = createServices({ mode: 'cli' });
  try {
    const { id: projectId } = projectArg(services, positionals[0] ?? fail(`name the project and the file, ${usage}`));
    const file = positionals[1] ?? fail(`name the CSV or XLSX file to import, ${usage}`);
    const removeMissing = values['remove-missing'] ?? false;
    const res = await importIntoProject(services, readInline, {
      projectId,
      fileName: basename(file),
      bytes: inputFile(file),
      ...(values.sheet !== undefined ? { sheet: values.sheet } : {}),
      removeMissing,
      dryRun: values['dry-run'] ?? false,
    });
    if (!res.ok) fail(res.error.message);
    for (const n of res.value.notes) console.warn(`note: ${n.message.en}`);
    console.log(diffSummary(res.value.diff, removeMissing));
    for (const ch of res.value.diff.rowsChanged.slice(0, 50))
      console.log(`~ ${ch.id || `row ${ch.currentRow + 2}`}: ${ch.cells.map((c) => `${c.column} ${JSON.stringify(c.old)} → ${JSON.stringify(c.new)}`).join('; ')}`);
    if (res.value.diff.rowsChanged.length > 50) console.log(`… and ${res.value.diff.rowsChanged.length - 50} more changed rows`);
    console.log(res.value.revision ? `wrote ${res.value.table.rows.length} cards` : `dry run: nothing written (${res.value.table.rows.length} cards after the import)`);
  } finally {
    await services.workers.close();
  }
}

async function exportDataCommand(args: string[]): Promise<void> {
  const { values, positionals } = flags('export-data', args, { format: { type: 'string', value: 'csv|xlsx' }, out: { type: 'string', value: 'FILE' }, overwrite: { type: 'boolean' } });
  const format = values.format ?? fail('--format is needed: csv or xlsx');
  if (format !== 'csv' && format !== 'xlsx') fail(`--format must be csv or xlsx, not "${format}"`);
  const services = createServices({ mode: 'cli' });
  try {
    const { id, label } = projectArg(services, positionals[0] ?? fail('name the project, e.g. `npm run cli -- export-data doufu --format xlsx --out cards.xlsx`'));
    const out = outputFile('--out', values.out ?? `${label}-cards.${format}`, `${label}-cards.${format}`);
    const free = checkTargets([{ path: out, kind: 'file' }], values.overwrite ?? false);
    if (!free.ok) fail(free.error.message);
    const cards = services.editor.cards(id);
    if (!cards.ok) fail(cards.error.message);
    const bytes = await dataFileBytes({ columns: cards.value.columns, rows: cards.value.rows }, format);
    if (!bytes.ok) fail(bytes.error.message);
    writeAtomic(out, bytes.value);
    console.log(`${format.padEnd(7)} ${out} (${cards.value.rows.length} cards, ${(bytes.value.length / 1024).toFixed(0)} KB)`);
  } finally {
    await services.workers.close();
  }
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
