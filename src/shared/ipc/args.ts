import { z } from 'zod';
import { FONT_ADD_MB, IpcChannel, SAVE_NAME_MAX, type IpcInvokeMap } from './contract';
import { PrintRequest } from './print-request';
import { KitRequest } from './kit-request';
import { CardKitJob } from '../print/card-kit-request';
import { dict } from '../util/dict';
import { LAB_RUN_NAME_MAX, LabSettingsSchema } from '../lab/saved';
import { PROJECT_LIMITS } from '../cards/limits';
import { EXPR_MAX_LENGTH } from '../cards/expr';
import { LanNextArgSchema, LanPublishArgSchema, LanRefuseArgSchema, LanStartArgSchema } from './lan';

/** A lab run as the Balance page asks for it: a project and the settings a saved run keeps. */
const LabStart = LabSettingsSchema.extend({ projectId: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'use an id of letters, digits, "-" or "_"') });
/** A report's words for rule options: per option its name and its values' words (bounded sizes). */
const LabOptionsSaid = z.record(z.string().max(64), z.strictObject({ title: z.string().max(400), values: z.record(z.string().max(200), z.string().max(400)) })).refine((r) => Object.keys(r).length <= 200, 'send at most 200 options');
const LabProject = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'use an id of letters, digits, "-" or "_"');
const LabRunId = z.uuid('use the id of a saved run, as lab:runs-list gives it');

/** A rules source as the Rules page sends it: at most a project file's size. */
const RulesText = z.string().max(PROJECT_LIMITS.fileBytes, `a rules file holds at most ${PROJECT_LIMITS.fileBytes / 1024 / 1024} MiB`);

/** A saved match's id: main makes them (`doufu-20260101-120000`), so nothing else is accepted. */
const SaveId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,95}$/, 'use the id of a saved match, as matches:list gives it');

/**
 * A match record: the engine's fields, shape only (main replays it before writing or after
 * reading). The match store checks every file it reads with this same schema.
 */
export const MatchFileSchema = z.strictObject({
  format: z.literal('fuqi-match'),
  formatVersion: z.number().int().min(1),
  game: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'use a game id such as "doufu"'),
  rulesVersion: z.string().min(1).max(64),
  options: z.unknown(),
  seed: z.string().min(1).max(200),
  players: z.number().int().min(1).max(16),
  moves: z.array(z.looseObject({ type: z.string().min(1).max(32), seat: z.number().int().min(0).max(15) })).max(100_000),
  table: z
    .strictObject({
      seats: z.array(z.strictObject({ kind: z.enum(['human', 'bot']), level: z.string().regex(/^[a-z0-9-]{1,32}$/).optional() })).max(16).optional(),
      /** The name the user gave the save (matches:rename), already cleaned by the store. */
      name: z.string().min(1).max(SAVE_NAME_MAX).optional(),
      /** The project a sandbox table was played with (its saves are listed with it). */
      project: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/).optional(),
      /** Playtest notes: after which move, when (ms since 1970), what. */
      notes: z.array(z.strictObject({ step: z.number().int().min(0).max(100_000), at: z.number().int().min(0), text: z.string().min(1).max(2000) })).max(1000).optional(),
    })
    .optional(),
});

const Id = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'use an id of letters, digits, "-" or "_"');

/** A project name: one string for both languages, or `{ zh, en }`. */
const ProjectName = z.union([
  z.string().trim().min(1, 'give the project a name').max(100, 'use a name of at most 100 characters'),
  z.strictObject({ zh: z.string().trim().min(1, 'give the project a Chinese name').max(100), en: z.string().trim().min(1, 'give the project an English name').max(100) }),
]);
/** A length in millimetres within `max`. */
const Mm = (max: number) => z.number().finite().min(0).max(max, `use at most ${max} mm`);
/** A cell or column name of a cards table (the store checks the table's sizes against PROJECT_LIMITS). */
const Cell = z.string().max(20_000, 'a cell holds at most 20000 characters');

/**
 * Base64 of at most `mb` megabytes once decoded (4 characters per 3 bytes), checked for its
 * alphabet before main decodes it.
 */
const Base64 = (mb: number) =>
  z
    .string()
    .min(1, 'the file is empty')
    .max(Math.ceil((mb * 1024 * 1024) / 3) * 4, `the file is over ${mb} MB`)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'send the file as base64');
/** A file name as the user's system gave it (main keeps only its last part, and sanitises it before writing). */
const FileName = z.string().trim().min(1, 'give the file name').max(255, 'use a file name of at most 255 characters');
/** A project font's face id, `font:<file in fonts/>` (a name the app gave it: never a path). */
const ProjectFace = z.string().regex(/^font:[\p{L}\p{N}][\p{L}\p{N}_-]{0,59}\.(?:ttf|otf|woff2)$/u, 'use a project font\'s face id as projects:fonts lists it, e.g. "font:old-press.ttf"');
/** A font's licence as the designer types it: a name or the whole text. */
const Licence = z.string().max(100_000, 'use a licence text of at most 100000 characters').refine((s) => !s.includes('\0'), 'remove the NUL character from the licence');
/** A template's name in project.json: letters (any script), digits, "-" and "_", as the cards' template column names it. */
export const TemplateName = z.string().regex(/^[\p{L}\p{N}][\p{L}\p{N}_-]{0,63}$/u, 'use a template name of letters, digits, "-" or "_" (at most 64), e.g. "front" or "hero"');
/** A row of a table of card data. */
const CellRow = z.array(Cell).max(200);
/** Whether `v` passes `CellRow`, in a plain loop. */
function isCellRow(v: unknown): boolean {
  if (!Array.isArray(v) || v.length > 200) return false;
  for (let i = 0; i < v.length; i++) {
    const c: unknown = v[i];
    if (typeof c !== 'string' || c.length > 20_000) return false;
  }
  return true;
}
/**
 * The rows of a table of card data. At the limit (10,000 × 200) a schema run per cell holds the
 * main thread for a fifth of a second, so each row is looked over in a plain loop and only a row
 * that fails it goes through `CellRow`, whose issues (with the row's index before their paths)
 * are the answer: the same as `z.array(CellRow)` gives, in a tenth of the time.
 */
export const CellRows = z
  .array(z.unknown())
  .max(10_000, 'use at most 10000 rows')
  .superRefine((rows, ctx) => {
    rows.forEach((row, i) => {
      if (isCellRow(row)) return;
      const r = CellRow.safeParse(row);
      if (!r.success) for (const issue of r.error.issues) ctx.addIssue({ ...issue, path: [i, ...issue.path] } as Parameters<typeof ctx.addIssue>[0]);
    });
  }) as unknown as z.ZodType<string[][]>;
/** A table of card data (the same bounds as projects:save-cards). */
const TableShape = {
  columns: z.array(z.string().max(200, 'a column name has at most 200 characters')).min(1).max(200, 'use at most 200 columns'),
  rows: CellRows,
};

/**
 * The validator of every channel's argument. Main runs it before any handler sees the payload;
 * a payload that fails is answered with `ipc/bad-request` and a message naming the field.
 */
export const IPC_ARGS: { [C in keyof IpcInvokeMap]: z.ZodType } = {
  [IpcChannel.APP_INFO]: z.null(),
  [IpcChannel.PROJECTS_LIST]: z.null(),
  [IpcChannel.PROJECTS_RENDER]: z.strictObject({
    projectId: Id,
    offset: z.number().int().min(0).max(10_000_000).optional(),
    limit: z.number().int().min(1).max(200, 'ask for at most 200 cards per page').optional(),
  }),
  [IpcChannel.PROJECTS_CREATE]: z.strictObject({
    name: ProjectName,
    card: z.union([
      z.strictObject({ preset: z.enum(['poker', 'poker-in', 'bridge', 'mini', 'tarot', 'square']) }),
      z.strictObject({ width: z.number().finite().min(10, 'a card is at least 10 mm wide').max(400, 'a card is at most 400 mm wide'), height: z.number().finite().min(10, 'a card is at least 10 mm high').max(400, 'a card is at most 400 mm high') }),
    ]),
    bleed: Mm(10).optional(),
    safe: Mm(20).optional(),
    cornerRadius: Mm(20).optional(),
  }),
  [IpcChannel.PROJECTS_COPY]: z.strictObject({ fromId: Id, name: ProjectName }),
  [IpcChannel.PROJECTS_OPEN]: z.strictObject({ path: z.string().min(1, 'give the folder path').max(4096) }),
  [IpcChannel.PROJECTS_RECENT]: z.null(),
  [IpcChannel.PROJECTS_RENAME]: z.strictObject({ id: Id, name: ProjectName }),
  [IpcChannel.PROJECTS_DUPLICATE]: z.strictObject({ id: Id }),
  [IpcChannel.PROJECTS_TRASH]: z.strictObject({ id: Id }),
  [IpcChannel.PROJECTS_CARDS]: z.strictObject({ id: Id }),
  [IpcChannel.PROJECTS_SAVE_CARDS]: z.strictObject({
    id: Id,
    columns: TableShape.columns,
    rows: TableShape.rows,
    baseRevision: z.string().regex(/^(?:[0-9a-f]{40}|missing)$/, 'send the revision projects:cards answered'),
  }),
  [IpcChannel.PROJECTS_PATCH_CARDS]: z.strictObject({
    id: Id,
    columns: TableShape.columns,
    rowCount: z.number().int().min(0).max(10_000, 'use at most 10000 rows'),
    cells: z
      .array(z.strictObject({ row: z.number().int().min(0).max(9_999), col: z.number().int().min(0).max(199), value: Cell }))
      .max(10_000, 'send at most 10000 cells; save the whole table instead'),
    baseRevision: z.string().regex(/^(?:[0-9a-f]{40}|missing)$/, 'send the revision projects:cards answered'),
  }),
  [IpcChannel.PROJECTS_CHANGES]: z.strictObject({ projectId: Id, since: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) }),
  [IpcChannel.PROJECTS_RENDER_ROW]: z
    .strictObject({
      projectId: Id,
      columns: z.array(z.string().max(200, 'a column name has at most 200 characters')).min(1, 'send the table\'s columns').max(200, 'use at most 200 columns'),
      row: z.array(Cell).max(200, 'use at most 200 cells'),
    })
    .refine((a) => a.row.length === a.columns.length, 'send one cell per column'),
  [IpcChannel.PROJECTS_SAVE_SETTINGS]: z.strictObject({
    id: Id,
    settings: z.strictObject({
      name: z.strictObject({ zh: z.string().trim().min(1, 'give the project a Chinese name').max(100), en: z.string().trim().min(1, 'give the project an English name').max(100) }),
      card: z.strictObject({
        preset: z.enum(['poker', 'poker-in', 'bridge', 'mini', 'tarot', 'square', 'custom']),
        width: z.number().finite().min(10, 'a card is at least 10 mm wide').max(400, 'a card is at most 400 mm wide'),
        height: z.number().finite().min(10, 'a card is at least 10 mm high').max(400, 'a card is at most 400 mm high'),
        bleed: Mm(10),
        safe: Mm(20),
        cornerRadius: Mm(20),
      }),
      columns: dict(
        z.string().min(1).max(200, 'a column name has at most 200 characters'),
        z.strictObject({
          type: z.enum(['text', 'number', 'colour', 'image', 'list']),
          values: z.array(z.string().max(200, 'use list values of at most 200 characters')).max(500, 'use at most 500 list values').optional(),
        }),
      ).refine((c) => Object.keys(c).length <= 200, 'type at most 200 columns'),
    }),
    baseRevision: z.string().regex(/^[0-9a-f]{40}$/, 'send the settingsRevision projects:cards answered'),
  }),
  [IpcChannel.PRINT_PREFLIGHT]: PrintRequest,
  [IpcChannel.PRINT_START]: PrintRequest,
  // A 斗老闆 kit names its game; anything else is the 生肖赛跑 kit's request.
  [IpcChannel.PRINT_KIT_START]: z.union([CardKitJob, KitRequest]),
  [IpcChannel.PRINT_STATUS]: z.strictObject({ jobId: Id }),
  [IpcChannel.PRINT_CANCEL]: z.strictObject({ jobId: Id }),
  [IpcChannel.PRINT_FILE]: z.strictObject({ jobId: Id, path: z.string().min(1).max(4096) }),
  [IpcChannel.LAB_START]: LabStart,
  [IpcChannel.LAB_STATUS]: z.strictObject({ runId: z.uuid() }),
  [IpcChannel.LAB_CANCEL]: z.strictObject({ runId: z.uuid() }),
  [IpcChannel.LAB_EXPORT]: z.strictObject({ runId: z.uuid(), projectId: LabProject.optional(), kind: z.enum(['pdf', 'csv', 'jsonl']), lang: z.enum(['zh', 'en']), download: z.boolean().optional(), said: LabOptionsSaid.optional() }),
  [IpcChannel.LAB_RUNS_LIST]: z.strictObject({ projectId: LabProject }),
  [IpcChannel.LAB_RUNS_OPEN]: z.strictObject({ projectId: LabProject, id: LabRunId }),
  [IpcChannel.LAB_RUNS_RENAME]: z.strictObject({ projectId: LabProject, id: LabRunId, name: z.string().max(400, `use a name of at most ${LAB_RUN_NAME_MAX} characters`) }),
  [IpcChannel.LAB_RUNS_DELETE]: z.strictObject({ projectId: LabProject, id: LabRunId }),
  // `markdown`: the text being typed on the Rules page, typeset before it is saved.
  [IpcChannel.RULEBOOK_RENDER]: z.strictObject({ projectId: Id, lang: z.enum(['zh', 'en']), paper: z.enum(['a4', 'a5', 'letter', 'half-letter']), markdown: RulesText.optional() }),
  [IpcChannel.RULEBOOK_START]: z.strictObject({ projectId: Id, lang: z.enum(['zh', 'en']), paper: z.enum(['a4', 'a5', 'letter', 'half-letter']), booklet: z.boolean() }),
  [IpcChannel.RULEBOOK_SOURCE]: z.strictObject({ projectId: Id, lang: z.enum(['zh', 'en']) }),
  [IpcChannel.RULEBOOK_SAVE_SOURCE]: z.strictObject({
    projectId: Id,
    lang: z.enum(['zh', 'en']),
    text: RulesText,
    baseRevision: z.string().regex(/^(?:[0-9a-f]{40}|missing)$/, 'send the revision rulebook:source answered'),
  }),
  [IpcChannel.SHELL_SHOW_IN_FOLDER]: z.strictObject({ path: z.string().min(1).max(4096) }),
  [IpcChannel.MATCHES_SAVE]: z.strictObject({ match: MatchFileSchema, replaces: SaveId.optional() }),
  [IpcChannel.MATCHES_LIST]: z.null(),
  [IpcChannel.MATCHES_LOAD]: z.strictObject({ id: SaveId }),
  // The name is cleaned by the store (control characters dropped, spaces collapsed); too long is refused here.
  [IpcChannel.MATCHES_RENAME]: z.strictObject({ id: SaveId, name: z.string().max(400, 'use a name of at most 80 characters') }),
  [IpcChannel.MATCHES_DELETE]: z.strictObject({ id: SaveId }),
  [IpcChannel.DIALOG_PICK_FOLDER]: z.strictObject({ title: z.string().max(200, 'use a title of at most 200 characters').optional() }),
  [IpcChannel.PROJECTS_FOLDERS]: z.null(),
  [IpcChannel.SHEETS_PREVIEW_IMPORT]: z.strictObject({ projectId: Id, fileName: FileName, bytes: Base64(20), sheet: z.string().min(1).max(255).optional() }),
  [IpcChannel.SHEETS_EXPORT]: z.strictObject({ projectId: Id, format: z.enum(['csv', 'xlsx']), ...TableShape, download: z.boolean().optional() }),
  [IpcChannel.PROJECTS_ADD_ART]: z.strictObject({ projectId: Id, fileName: FileName, bytes: Base64(30) }),
  [IpcChannel.PROJECTS_ART]: z.strictObject({ projectId: Id }),
  [IpcChannel.PROJECTS_ADD_FONT]: z.strictObject({ projectId: Id, fileName: FileName, bytes: Base64(FONT_ADD_MB), licence: Licence }),
  [IpcChannel.PROJECTS_FONTS]: z.strictObject({ projectId: Id }),
  [IpcChannel.PROJECTS_FONT_BYTES]: z.strictObject({ projectId: Id, face: ProjectFace }),
  [IpcChannel.PROJECTS_FONT_LICENCE]: z.strictObject({ projectId: Id, face: ProjectFace, licence: Licence }),
  [IpcChannel.TABLE_OPEN]: z.strictObject({ projectId: Id }),
  // The text is checked by main (a JSON object, 1 MiB at most); its fields are read leniently on open.
  [IpcChannel.TABLE_SAVE]: z.strictObject({ projectId: Id, text: z.string().max(1024 * 1024, 'a table set-up is at most 1 MiB'), baseRevision: z.string().regex(/^(?:[0-9a-f]{40}|missing)$/, 'send the revision table:open answered') }),
  [IpcChannel.TABLE_EXPORT]: z.strictObject({ projectId: Id, kind: z.enum(['md', 'jsonl']), text: z.string().max(20 * 1024 * 1024, 'a playtest export is at most 20 MiB') }),
  [IpcChannel.LAN_START]: LanStartArgSchema,
  [IpcChannel.LAN_STOP]: z.null(),
  [IpcChannel.LAN_STATUS]: z.null(),
  [IpcChannel.LAN_PUBLISH]: LanPublishArgSchema,
  [IpcChannel.LAN_NEXT]: LanNextArgSchema,
  [IpcChannel.LAN_REFUSE]: LanRefuseArgSchema,
  [IpcChannel.TEMPLATES_OPEN]: z.strictObject({ projectId: Id }),
  // The template itself is checked by main against the template schema, which names the field at fault.
  [IpcChannel.TEMPLATES_SAVE]: z.strictObject({ projectId: Id, name: TemplateName, template: z.unknown(), baseRevision: z.string().regex(/^(?:[0-9a-f]{40}|missing)$/, 'send the revision templates:open answered') }),
  [IpcChannel.TEMPLATES_SAVE_RULES]: z.strictObject({
    projectId: Id,
    rules: z.array(z.strictObject({ when: z.string().trim().min(1, 'write a condition, e.g. type == "zodiac"').max(EXPR_MAX_LENGTH), template: TemplateName, back: TemplateName.optional() })).max(100),
  }),
  [IpcChannel.TEMPLATES_ADD]: z.strictObject({ projectId: Id, name: TemplateName, template: z.unknown().optional() }),
  [IpcChannel.TEMPLATES_DUPLICATE]: z.strictObject({ projectId: Id, from: TemplateName, name: TemplateName }),
  [IpcChannel.TEMPLATES_RENAME]: z.strictObject({ projectId: Id, from: TemplateName, to: TemplateName }),
  [IpcChannel.TEMPLATES_DELETE]: z.strictObject({ projectId: Id, name: TemplateName }),
  [IpcChannel.TEMPLATES_MEASURE]: z.strictObject({ chars: z.string().max(20_000, 'ask for at most 20000 characters at a time'), projectId: Id.optional() }),
  [IpcChannel.TEMPLATES_IMAGES]: z.strictObject({ projectId: Id, refs: z.array(z.string().min(1).max(500)).max(200, 'ask for at most 200 images at a time') }),
  [IpcChannel.TEMPLATES_IMAGE_INFO]: z.strictObject({ projectId: Id, refs: z.array(z.string().min(1).max(500)).max(200, 'ask for at most 200 images at a time') }),
};
