import { typesetRulebook, bookletSheets, RULEBOOK_PAPER, RulebookSourceError, type Rulebook, type RulebookPaper } from '../../shared/print/rulebook';
import type { DrawList } from '../../shared/cards/draw-list';
import { walkOps } from '../../shared/cards/draw-list';
import { err, ok, type Result } from '../../shared/util/result';
import type { ProjectStore, LoadedProject } from './projects';
import { folderReader } from './projects';
import { ProjectFileError } from '../../shared/cards/limits';
import { renderCard } from './render';
import type { FontService } from './export/fonts';
import type { AssetService } from './export/assets';
import { writePdf, type PdfPage } from './export/pdf';
import { writeAtomicResult } from './export/write';
import { AssetError } from './export/asset-error';
import { projectRulebook } from './rulebook-config';

export { rulebookLanguages } from './rulebook-config';

/** What a rulebook needs from the services. */
export interface RulebookDeps {
  projects: ProjectStore;
  fonts: FontService;
  assets: (projectDir: string) => AssetService;
}

/** Which rulebook, in which language, on which paper. */
export interface RulebookRequest {
  projectId: string;
  lang: 'zh' | 'en';
  paper: RulebookPaper;
  /** Saddle-stitch booklet: pages padded to a multiple of 4, two per side of a sheet twice the size. */
  booklet?: boolean;
}

/** A typeset rulebook and the project folders its figures come from (for image refs). */
export interface TypesetBook {
  project: LoadedProject;
  book: Rulebook;
  /** Project folder of every image ref the pages use (figures may come from another project). */
  imageDirs: Map<string, string>;
}

/**
 * Resolve a figure ref: `card:ID` (a card's front), `back:ID` (its back), or `<prefix>:ID` for a
 * prefix the project's `rulebook.figureProjects` maps to a built-in game. A project reads only
 * itself and the built-in games: a prefix naming another of the user's projects (or any project
 * that is not built in) resolves to nothing, with a warning, and nothing of that project is read.
 */
function figureResolver(deps: RulebookDeps, p: LoadedProject, imageDirs: Map<string, string>, warnings: string[]) {
  const figureProjects = projectRulebook(p)?.figureProjects ?? {};
  return (ref: string): { list: DrawList; caption?: string; radius?: number } | undefined => {
    const m = /^([a-z][a-z0-9-]*):(.+)$/.exec(ref);
    if (!m) return undefined;
    const [, prefix, id] = m as unknown as [string, string, string];
    let project = p;
    if (prefix !== 'card' && prefix !== 'back') {
      const other = Object.hasOwn(figureProjects, prefix) ? figureProjects[prefix] : undefined;
      if (!other) return undefined;
      const where = deps.projects.locate(other);
      if (!where.ok || !where.value.builtIn) {
        warnings.push(
          `Figure "${ref}": "${prefix}" names project "${other}", which is not a built-in game; a rulebook shows only its own project's cards and the built-in games' (规则书只能引用本项目和内置游戏的卡牌).`,
        );
        return undefined;
      }
      const r = deps.projects.get(other);
      if (!r.ok) return undefined;
      project = r.value;
    }
    const card = project.set.cards.find((c) => c.id === id);
    if (!card) return undefined;
    const faces = renderCard(project, card, deps.fonts.measurer, { bleed: 0 });
    const list = prefix === 'back' ? faces.back.list : faces.front.list;
    walkOps(list.ops, (op) => op.op === 'image' && imageDirs.set(op.ref, project.dir));
    return { list, radius: project.set.file.card.cornerRadius };
  };
}

/** Typeset a project's rulebook; a project without one, or without that language, is a described failure. */
export function typesetProjectRulebook(deps: RulebookDeps, req: RulebookRequest & { markdown?: string }): Result<TypesetBook> {
  const pr = deps.projects.get(req.projectId);
  if (!pr.ok) return pr;
  const p = pr.value;
  // A figure drawn in a project font measures with this project's fonts (figures of another project too: see README).
  deps = { ...deps, fonts: deps.fonts.forProject(p.dir) };
  const rb = projectRulebook(p);
  if (!rb) return err('rulebook/none', `Project "${p.id}" has no rulebook; add a "rulebook" section with Markdown sources to its project.json.`);
  const source = rb.sources[req.lang];
  if (!source) return err('rulebook/no-language', `The ${p.set.file.name.en} rulebook has no ${req.lang === 'zh' ? 'Chinese' : 'English'} edition; add "sources.${req.lang}" to project.json.`);
  let markdown: string | undefined = req.markdown;
  try {
    // The Rules page sends the text being typed (not yet saved): it is typeset as the file would be.
    if (markdown === undefined) markdown = folderReader(p.dir)(source);
  } catch (e) {
    if (!(e instanceof ProjectFileError)) throw e;
    return err('rulebook/unreadable', `The ${req.lang === 'zh' ? 'Chinese' : 'English'} rulebook source cannot be used: ${e.message}`);
  }
  // A user project's rules file not written yet is an empty book (the title page), ready to write.
  if (markdown === undefined && rb.conventional) markdown = '';
  if (markdown === undefined) return err('rulebook/missing', `${source} is missing from ${p.dir}; create it or fix "rulebook.sources.${req.lang}".`);
  if (!(req.paper in RULEBOOK_PAPER)) return err('rulebook/paper', `Paper "${req.paper}" is not one of ${Object.keys(RULEBOOK_PAPER).join(', ')}.`);
  const imageDirs = new Map<string, string>();
  const refused: string[] = [];
  const title = rb.title[req.lang];
  let book: Rulebook;
  try {
    book = typesetRulebook(
      markdown,
      {
        paper: req.paper,
        lang: req.lang,
        title,
        ...(rb.subtitle ? { subtitle: rb.subtitle[req.lang] } : {}),
        runningTitle: title,
        ...(rb.cover ? { cover: rb.cover } : {}),
      },
      { measurer: deps.fonts.measurer, figure: figureResolver(deps, p, imageDirs, refused) },
    );
    book.warnings.push(...refused);
  } catch (e) {
    // Too large or too deeply nested to read: the message names the line.
    if (!(e instanceof RulebookSourceError)) throw e;
    return err('rulebook/source', `${source} ${e.message}`);
  }
  return ok({ project: p, book, imageDirs });
}

/** Write a rulebook PDF (or its booklet imposition). Returns the pages written. */
export async function exportRulebook(
  deps: RulebookDeps,
  req: RulebookRequest,
  file: string,
  opts: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<Result<{ pages: number; bookPages: number; bytes: number; warnings: string[] }>> {
  const t = typesetProjectRulebook(deps, req);
  if (!t.ok) return t;
  const { book, project, imageDirs } = t.value;
  deps = { ...deps, fonts: deps.fonts.forProject(project.dir) };
  const lists = req.booklet ? bookletSheets(book.pages, req.paper) : book.pages;
  const pages: PdfPage[] = lists.map((list) => ({ widthMm: list.width, heightMm: list.height, items: [{ list, x: 0, y: 0 }] }));
  // Figures may come from another project (the board): resolve each image in its own folder.
  // Each picture resolves (and, for a fitted image, is measured) in the folder of the project that drew it.
  const dirOf = (ref: string) => deps.assets(imageDirs.get(ref) ?? project.dir);
  const assets = { resolve: (ref: string, w: number, h: number, dpi?: number) => dirOf(ref).resolve(ref, w, h, dpi), inspect: (ref: string) => dirOf(ref).inspect(ref) };
  const rb = projectRulebook(project)!;
  let bytes: Uint8Array;
  try {
    bytes = await writePdf(pages, {
      fonts: deps.fonts,
      assets,
      title: `${rb.title[req.lang]} — ${req.lang === 'zh' ? '规则书' : 'Rulebook'}`,
      subject: `${book.pages.length} pages, ${req.paper.toUpperCase()}${req.booklet ? ', saddle-stitch booklet' : ''}`,
      onProgress: (d, n) => opts.onProgress?.(d / n),
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
  } catch (e) {
    // A figure's image that cannot be drawn: a described failure naming the image, not a throw.
    if (e instanceof AssetError) return err(`rulebook/image-${e.kind}`, `The rulebook's figure could not be drawn: ${e.message}`);
    throw e;
  }
  const written = writeAtomicResult(file, bytes);
  if (!written.ok) return written;
  return ok({ pages: pages.length, bookPages: book.pages.length, bytes: bytes.length, warnings: book.warnings });
}
