/** Card templates: opening, saving, adding, renaming and deleting them, their rules, and the font metrics and images the editor measures with. */
import type { BuiltinFaceId, ProjectFaceId } from '../../cards/draw-list';
import type { Bilingual } from './app';

/** The templates channels: `domain:verb` names by key. */
export const TEMPLATES_CHANNELS = {
  /** A project's templates (each file's JSON and revision) and card geometry, for the template editor. */
  TEMPLATES_OPEN: 'templates:open',
  /** Write one template file, if it did not change on disk since `baseRevision` and the project still loads. */
  TEMPLATES_SAVE: 'templates:save',
  /** Replace project.json's per-card template rules (a card without a template cell takes the first rule its fields meet). */
  TEMPLATES_SAVE_RULES: 'templates:save-rules',
  /** Add a new template (a blank face, or a copy of the given JSON) to a project. */
  TEMPLATES_ADD: 'templates:add',
  /** A copy of a template under a new name. */
  TEMPLATES_DUPLICATE: 'templates:duplicate',
  /** Rename a template in project.json and in the cards that use it. */
  TEMPLATES_RENAME: 'templates:rename',
  /** Take a template out of project.json (its file stays in the folder); refused while cards use it. */
  TEMPLATES_DELETE: 'templates:delete',
  /** Advance widths (em) and vertical metrics of the bundled faces (and, given a project, its own fonts), for layout in the renderer. */
  TEMPLATES_MEASURE: 'templates:measure',
  /** Data URLs of image refs (icons, project art) for the template editor's canvas. */
  TEMPLATES_IMAGES: 'templates:images',
  /** The pixel size of image refs as the export reads them (the editor's low-DPI warnings). */
  TEMPLATES_IMAGE_INFO: 'templates:image-info',
} as const;

/** One template of a project as the editor edits it. */
export interface TemplateEntry {
  /** Its name in project.json (what the cards' `template` and `back` columns name). */
  name: string;
  /** Its file, relative to the project folder. */
  file: string;
  /** sha1 of the file's bytes (`missing` when there is no file yet). */
  revision: string;
  /** The file's JSON as parsed (validated by main on save, not on open: a broken file still opens to be fixed). */
  template: unknown;
  /** Why the file does not load as it is (English, naming the field), if it does not. */
  problem?: string;
  /** The same problem in both languages, for the interface (a JSON error names its line and column). */
  problemText?: Bilingual;
  /** Where a file that is not valid JSON stops parsing (lines and columns from 1). */
  at?: { line: number; column: number };
}

/** `templates:open`: what the template editor needs of a project. */
export interface OpenedTemplates {
  builtIn: boolean;
  card: { width: number; height: number; bleed: number; safe: number; cornerRadius: number };
  templates: TemplateEntry[];
  /** project.json's per-card template rules (`templateRules`), in order. */
  rules?: { when: string; template: string; back?: string }[];
}

/** `templates:measure`: per face, vertical metrics and the advance (em) of each asked character; `missing` lists characters the face has no glyph for. */
export type FontTables = Record<BuiltinFaceId, FaceTable> & Partial<Record<ProjectFaceId, FaceTable>>;

/** One face of `FontTables`. */
export interface FaceTable {
  ascent: number;
  descent: number;
  capHeight: number;
  widths: Record<string, number>;
  missing: string;
}

/** One image of a project's art folder. */
/** An image's own size in pixels; `vector` (icons, SVG files): scalable, so no print resolution. */
export interface ImagePixels {
  widthPx: number;
  heightPx: number;
  vector: boolean;
}

/** The arguments and results of the templates channels. */
export interface TemplatesInvokeMap {
  [TEMPLATES_CHANNELS.TEMPLATES_OPEN]: (arg: { projectId: string }) => OpenedTemplates;
  [TEMPLATES_CHANNELS.TEMPLATES_SAVE]: (arg: { projectId: string; name: string; template: unknown; baseRevision: string }) => { revision: string };
  [TEMPLATES_CHANNELS.TEMPLATES_SAVE_RULES]: (arg: { projectId: string; rules: { when: string; template: string; back?: string }[] }) => { rules: { when: string; template: string; back?: string }[] };
  [TEMPLATES_CHANNELS.TEMPLATES_ADD]: (arg: { projectId: string; name: string; template?: unknown }) => TemplateEntry;
  [TEMPLATES_CHANNELS.TEMPLATES_DUPLICATE]: (arg: { projectId: string; from: string; name: string }) => TemplateEntry;
  [TEMPLATES_CHANNELS.TEMPLATES_RENAME]: (arg: { projectId: string; from: string; to: string }) => { cardsChanged: number };
  [TEMPLATES_CHANNELS.TEMPLATES_DELETE]: (arg: { projectId: string; name: string }) => { file: string };
  [TEMPLATES_CHANNELS.TEMPLATES_MEASURE]: (arg: { chars: string; projectId?: string }) => FontTables;
  [TEMPLATES_CHANNELS.TEMPLATES_IMAGES]: (arg: { projectId: string; refs: string[] }) => Record<string, string>;
  [TEMPLATES_CHANNELS.TEMPLATES_IMAGE_INFO]: (arg: { projectId: string; refs: string[] }) => Record<string, ImagePixels>;
}
