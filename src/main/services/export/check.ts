import { PNG_PRESETS, pngNames } from '../../../shared/print/png-presets';
import { CARD_SIZE_PRESETS } from '../../../shared/cards/schema';
import type { PreflightIssue } from '../../../shared/ipc/contract';
import type { PrintRequestResolved } from '../../../shared/ipc/print-request';
import { defaultPrintOptions, expandSelection, validatePrintOptions, type OptionProblem, type PrintOptions } from '../../../shared/print/options';
import { RULEBOOK_PAPER } from '../../../shared/print/rulebook';
import { err, ok, type Result } from '../../../shared/util/result';
import type { LoadedProject, ProjectStore } from '../projects';
import type { RulebookRequest } from '../rulebook';
import { fileNameProblem, ttsFiles } from './png';
import type { PlaceSpec } from './place';
import { extname } from 'node:path';
import { projectRulebook } from '../rulebook-config';

/** A print request that passed every check that needs no layout: what the export then does. */
export interface CheckedRequest {
  req: PrintRequestResolved;
  project: LoadedProject;
  options: PrintOptions;
  warnings: OptionProblem[];
  /** One card id per printed copy, in print order. */
  ids: string[];
  /** Card ids that cannot be file names while PNG or TTS output is asked (preflight errors). */
  idIssues: PreflightIssue[];
}

function cardSize(req: PrintRequestResolved, p: LoadedProject): { width: number; height: number } {
  if (req.cardSize === 'project') return { width: p.set.file.card.width, height: p.set.file.card.height };
  if (req.cardSize === 'custom') return req.customSize ?? { width: p.set.file.card.width, height: p.set.file.card.height };
  return { width: CARD_SIZE_PRESETS[req.cardSize].width, height: CARD_SIZE_PRESETS[req.cardSize].height };
}

/**
 * Everything about a print request that can be checked without laying out a card: the
 * project, the card size, the options together (paper, bleed, duplex, calibration…), the
 * selection, and whether the card ids can be file names when PNG or TTS output is asked. Cheap,
 * so an export job is refused before it gets an id.
 */
export function checkRequest(projects: ProjectStore, req: PrintRequestResolved): Result<CheckedRequest> {
  const pr = projects.get(req.projectId);
  if (!pr.ok) return pr;
  const project = pr.value;
  if (req.cardSize === 'custom' && !req.customSize)
    return err('print/bad-request', 'Card size "custom" needs a width and height in millimetres.', { zh: '自定义卡牌尺寸需要填写宽度和高度（毫米）。' });
  const size = cardSize(req, project);
  const v = validatePrintOptions(
    {
      paper: req.paper,
      orientation: req.orientation,
      bleed: req.bleed,
      margin: req.margin,
      gutter: req.gutter,
      cardCode: req.cardCode,
      marks: req.marks,
      duplex: req.duplex,
      backOffset: req.backOffset,
      calibration: req.calibration,
      card: size,
      selection: { cardIds: req.cards.length ? req.cards : 'all', copies: req.copies === 'set' ? 'as-set' : req.copies },
    },
    defaultPrintOptions({ ...size, bleed: req.bleed }),
  );
  if (!v.ok) return v;
  const options = v.value.options;
  const sel = expandSelection(project.set.cards, options.selection);
  if (sel.unknown.length) {
    const ids = sel.unknown.map((u) => `"${u}"`);
    return err('print/unknown-cards', `The set has no card ${ids.join(', ')}; check the ids (e.g. ${project.set.cards[0]?.id}).`, {
      zh: `牌组里没有牌 ${ids.join('、')}；请检查 id（例如 ${project.set.cards[0]?.id}）。`,
    });
  }
  if (sel.ids.length === 0)
    return err('print/nothing', 'Nothing to print: the selected cards have 0 copies. Select cards or set copies.', { zh: '没有可打印的内容：所选的牌份数为 0。请选择牌或设置份数。' });
  const idIssues: PreflightIssue[] = [];
  // Per-card PNGs are named by card id; the TTS sheets are not, so only PNG output needs this.
  if (req.png) {
    const lower = new Map<string, string>();
    for (const id of new Set(sel.ids)) {
      const p = fileNameProblem(id);
      const twin = lower.get(id.toLowerCase());
      lower.set(id.toLowerCase(), id);
      const message = p
        ? { en: `Card "${id}" cannot be exported as images: its id becomes a file name, and ${p.en}. Rename the card in cards.csv (letters, digits, - and _).`, zh: `牌“${id}”无法导出为图片：牌的 id 会用作文件名，而${p.zh}。请在 cards.csv 中改名（字母、数字、- 和 _）。` }
        : twin
          ? { en: `Cards "${twin}" and "${id}" differ only in upper/lower case; as image files they would overwrite each other on Windows and macOS. Rename one in cards.csv.`, zh: `牌“${twin}”和“${id}”只有大小写不同；导出为图片时在 Windows 和 macOS 上会互相覆盖。请在 cards.csv 中改名其一。` }
          : null;
      if (message) idIssues.push({ severity: 'error', code: 'print/bad-card-id', cardId: id, message });
    }
  }
  return ok({ req, project, options, warnings: v.value.warnings, ids: sel.ids, idIssues });
}

/** The one error that refuses a request whose card ids cannot be file names. */
export function badCardIdError(issues: PreflightIssue[]): ReturnType<typeof err> {
  const names = issues.map((i) => `"${i.cardId}"`).join(', ');
  return err('print/bad-card-id', `${issues.length === 1 ? issues[0]!.message.en : `Cards ${names} cannot be exported as images (their ids become file names). ${issues[0]!.message.en}`}`, issues);
}

/** Where an export writes (the CLI names the paths; the app picks them in its export folder). */
export interface ExportTargets {
  pdf: string;
  pngDir?: string;
  ttsFile?: string;
  /** Replace existing outputs (false: an existing file or folder is refused). */
  overwrite?: boolean;
  /** `pdf` is a name this job reserved (reserve.ts): an empty file found there is replaced. */
  reservedPdf?: boolean;
}

/**
 * The TTS decks: a Tabletop Simulator deck has one back, so the cards (copies, in print order)
 * are grouped by back template, the most common back first. The first deck is written to the
 * file the user named; every other deck (斗福's reference cards) gets its own sheet beside it,
 * named after its back: `<file>-<back>.png`.
 */
export function ttsDecks(project: LoadedProject, ids: string[], file?: string): { back: string; ids: string[]; file: string }[] {
  const backOf = new Map(project.set.cards.map((card) => [card.id, card.back]));
  const groups = new Map<string, string[]>();
  for (const id of ids) {
    const b = backOf.get(id)!;
    if (!groups.has(b)) groups.set(b, []);
    groups.get(b)!.push(id);
  }
  const sorted = [...groups.entries()].sort((a, b) => b[1].length - a[1].length);
  const base = file ?? 'deck.png';
  const ext = extname(base) || '.png';
  const stem = base.slice(0, base.length - extname(base).length);
  return sorted.map(([back, list], i) => ({ back, ids: list, file: i === 0 ? base : `${stem}-${back.replace(/[^A-Za-z0-9_-]/g, '_')}${ext}` }));
}

/** Every path an export of `c` to `targets` writes, for the up-front checks and the staging. */
export function plannedOutputs(c: CheckedRequest, targets: ExportTargets): PlaceSpec[] {
  const out: PlaceSpec[] = [{ path: targets.pdf, kind: 'file', ...(targets.reservedPdf ? { reserved: true } : {}) }];
  if (targets.pngDir) {
    const naming = PNG_PRESETS[c.req.pngPreset].naming;
    const entries = [...new Set(c.ids)].flatMap((id, i) => Object.values(pngNames(naming, id, i)).map((n) => `${n}.png`));
    out.push({ path: targets.pngDir, kind: 'dir', entries });
  }
  if (targets.ttsFile)
    for (const deck of ttsDecks(c.project, c.ids, targets.ttsFile)) {
      const f = ttsFiles(deck.file, deck.ids.length);
      for (const p of [...f.sheets, f.back]) out.push({ path: p, kind: 'file' });
    }
  return out;
}

/** A rulebook request that can be typeset: known paper and language, and the project has that edition. */
export function checkRulebookRequest(projects: ProjectStore, req: RulebookRequest): Result<LoadedProject> {
  const pr = projects.get(req.projectId);
  if (!pr.ok) return pr;
  const p = pr.value;
  if (req.lang !== 'zh' && req.lang !== 'en') return err('rulebook/no-language', `Language "${String(req.lang)}" is not zh or en.`);
  if (!(req.paper in RULEBOOK_PAPER)) return err('rulebook/paper', `Paper "${req.paper}" is not one of ${Object.keys(RULEBOOK_PAPER).join(', ')}.`);
  const rb = projectRulebook(p);
  if (!rb) return err('rulebook/none', `Project "${p.id}" has no rulebook; add a "rulebook" section with Markdown sources to its project.json.`);
  if (!rb.sources[req.lang]) return err('rulebook/no-language', `The ${p.set.file.name.en} rulebook has no ${req.lang === 'zh' ? 'Chinese' : 'English'} edition; add "sources.${req.lang}" to project.json.`);
  return ok(p);
}
