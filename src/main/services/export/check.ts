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
  if (req.cardSize === 'custom' && !req.customSize) return err('print/bad-request', 'Card size "custom" needs a width and height in millimetres.');
  const size = cardSize(req, project);
  const v = validatePrintOptions(
    {
      paper: req.paper,
      bleed: req.bleed,
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
  if (sel.unknown.length) return err('print/unknown-cards', `The set has no card ${sel.unknown.map((u) => `"${u}"`).join(', ')}; check the ids (e.g. ${project.set.cards[0]?.id}).`);
  if (sel.ids.length === 0) return err('print/nothing', 'Nothing to print: the selected cards have 0 copies. Select cards or set copies.');
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
  /** `pdf` is an empty placeholder this job reserved (reserve.ts). */
  reservedPdf?: boolean;
}

/**
 * The TTS deck: a deck has one back, so it takes the most common back template and the
 * cards (copies, in print order) that use it.
 */
export function ttsDeck(project: LoadedProject, ids: string[]): { back: string; ids: string[] } {
  const backOf = new Map(project.set.cards.map((card) => [card.id, card.back]));
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(backOf.get(id)!, (counts.get(backOf.get(id)!) ?? 0) + 1);
  const back = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  return { back, ids: ids.filter((id) => backOf.get(id) === back) };
}

/** Every path an export of `c` to `targets` writes, for the up-front checks and the staging. */
export function plannedOutputs(c: CheckedRequest, targets: ExportTargets): PlaceSpec[] {
  const out: PlaceSpec[] = [{ path: targets.pdf, kind: 'file', ...(targets.reservedPdf ? { reserved: true } : {}) }];
  if (targets.pngDir) out.push({ path: targets.pngDir, kind: 'dir', entries: [...new Set(c.ids)].flatMap((id) => [`${id}-front.png`, `${id}-back.png`]) });
  if (targets.ttsFile) {
    const f = ttsFiles(targets.ttsFile, ttsDeck(c.project, c.ids).ids.length);
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
  const rb = p.set.file.rulebook;
  if (!rb) return err('rulebook/none', `Project "${p.id}" has no rulebook; add a "rulebook" section with Markdown sources to its project.json.`);
  if (!rb.sources[req.lang]) return err('rulebook/no-language', `The ${p.set.file.name.en} rulebook has no ${req.lang === 'zh' ? 'Chinese' : 'English'} edition; add "sources.${req.lang}" to project.json.`);
  return ok(p);
}
