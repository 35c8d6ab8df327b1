/**
 * A font service's view of one project's `font:<file>` faces over the bundled faces
 * (FontService.forProject): a project font that is missing or cannot be read is named by file in
 * both languages, and its text is measured, drawn and embedded in the bundled face instead.
 */
import type { BuiltinFaceId, FontFaceId } from '../../../shared/cards/draw-list';
import { PROJECT_FONTS_DIR, isProjectFace, projectFontFile, type TextMeasurer } from '../../../shared/cards/fonts';
import type { FontService } from './fonts';

/**
 * A project font that cannot be used: its message names the file and the fix. `missing`: the file
 * is not there (the template names a font the project lacks); `damaged`: it is there but cannot
 * be read as a font (cut short, garbage, unreadable), and its text is set in the bundled face.
 */
export class ProjectFontError extends Error {
  override name = 'ProjectFontError';
  constructor(
    public readonly face: FontFaceId,
    message: string,
    public readonly kind: 'missing' | 'damaged' = 'damaged',
    /** The message in Chinese. */
    public readonly zh: string = `项目字体“${face}”无法使用：${message}`,
  ) {
    super(message);
  }
}

/** The bundled face a damaged project font's text is measured, drawn and embedded in. */
export const FALLBACK_FACE: BuiltinFaceId = 'sans';

/** A damaged project font's error, naming its file in both languages (never the parser's own words alone). */
export function damagedFont(face: FontFaceId, cause: unknown): ProjectFontError {
  if (cause instanceof ProjectFontError) return cause;
  const file = `${PROJECT_FONTS_DIR}/${isProjectFace(face) ? projectFontFile(face) : face}`;
  // The parser's own words (`Trying to access beyond buffer length`) stay in the log, not in the message.
  const e = new ProjectFontError(
    face,
    `The project font ${file} cannot be read as a font; it may be cut short or damaged. Its text is set in the bundled face Noto Sans SC instead; add the font again from its source in the template editor's fonts panel, or choose another face`,
    'damaged',
    `项目字体 ${file} 无法作为字体读取，文件可能不完整或已损坏。使用它的文字已改用内置字体思源黑体（Noto Sans SC）排版；请在模板编辑器的字体面板中从字体来源重新添加该字体，或改用其他字体。`,
  );
  e.cause = cause;
  return e;
}

/**
 * Bundled faces from `base`, project faces from `project` (see FontService.forProject). A project
 * face is tried once, on first use (its metrics and advances); one that is missing or
 * cannot be read is measured, drawn and embedded as FALLBACK_FACE everywhere from then on, so a
 * layout and the PDF drawn from it agree, and it is reported by `problems()`. Whatever the font's
 * parser throws later is reported as that font's error, naming its file.
 */
export function withProjectFonts(base: FontService, project: FontService, dir: string): FontService {
  const broken = new Map<FontFaceId, ProjectFontError>();
  const usable = new Set<FontFaceId>();
  /** Project faces `ready` has embedded once. */
  const tried = new Set<FontFaceId>();
  /** The face to use for `face`: itself, or FALLBACK_FACE for a project font that cannot be used. */
  const use = (face: FontFaceId): FontFaceId => {
    if (!isProjectFace(face) || usable.has(face)) return face;
    if (broken.has(face)) return FALLBACK_FACE;
    try {
      project.measurer.metrics(face);
      project.measurer.width(face, PROBE_TEXT, 10);
      usable.add(face);
      return face;
    } catch (e) {
      broken.set(face, e instanceof ProjectFontError ? e : damagedFont(face, e));
      return FALLBACK_FACE;
    }
  };
  /** Run `f` with the service and face to use; a project font's parser error becomes its ProjectFontError. */
  const run = <T>(face: FontFaceId, f: (svc: FontService, m: TextMeasurer, face: FontFaceId) => T): T => {
    const used = use(face);
    if (!isProjectFace(used)) return f(base, base.measurer, used);
    try {
      return f(project, project.measurer, used);
    } catch (e) {
      throw damagedFont(used, e);
    }
  };
  const view: FontService = {
    measurer: {
      width: (face, text, size) => run(face, (_s, m, f) => m.width(f, text, size)),
      metrics: (face) => run(face, (_s, m, f) => m.metrics(f)),
      hasGlyph: (face, cp) => run(face, (_s, m, f) => m.hasGlyph(f, cp)),
    },
    subset: (face, text) => run(face, (s, _m, f) => s.subset(f, text).catch((e: unknown) => Promise.reject(isProjectFace(f) ? damagedFont(f, e) : e))),
    glyphPath: (face, text, size, x, y, ls) => run(face, (s, _m, f) => s.glyphPath(f, text, size, x, y, ls)),
    missingGlyphs: (face, text) => run(face, (s, _m, f) => s.missingGlyphs(f, text)),
    glyphFor: (face, cp) => run(face, (s, _m, f) => s.glyphFor(f, cp)),
    fontFile: (face) => run(face, (s, _m, f) => s.fontFile(f)),
    pdfFont: (face, text) => run(face, (s, _m, f) => s.pdfFont(f, text).catch((e: unknown) => Promise.reject(isProjectFace(f) ? damagedFont(f, e) : e))),
    forProject: (d) => (d === dir ? view : base.forProject(d)),
    problems: () => [...broken.values()],
    sample: (face, n) => run(face, (s, _m, f) => s.sample(f, n)),
    async ready(faces) {
      for (const face of new Set(faces)) {
        if (!isProjectFace(face) || use(face) !== face || tried.has(face)) continue;
        tried.add(face);
        try {
          const text = project.sample(face, 8);
          project.glyphPath(face, text, 10, 0, 0);
          if (text) await project.pdfFont(face, text);
        } catch (e) {
          usable.delete(face);
          broken.set(face, damagedFont(face, e));
        }
      }
    },
  };
  return view;
}

/** What a project face is tried on before first use: Latin, digits and a common CJK character. */
const PROBE_TEXT = 'Ag0福';
