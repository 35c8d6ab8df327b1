import { EXPR_MAX_LENGTH } from './expr';
import { z } from 'zod';
import { PROJECT_LIMITS } from './limits';
import { dict, dictOf } from '../util/dict';

/**
 * The card-set file format, version 1. A card set is data (cards with fields and copies) plus
 * named templates (layers bound to columns) and a card size. Files on disk:
 *
 *   <project>/project.json     this schema (CardSetFile)
 *   <project>/cards.csv        one row per card: id, copies, template, back, then any fields
 *   <project>/<name>.template.json   TemplateFile per template
 *
 * Every length is in millimetres, every font size in points.
 */
export const CARD_SET_SCHEMA_VERSION = 6;

export { CARD_SIZE_PRESETS, type CardSizePreset } from './presets';

const colorRe = /^#[0-9a-fA-F]{6}$|^\{\{[^}]+\}\}$|^none$/;
/** A colour: `#rrggbb`, `none`, or a binding `{{column}}` / `{{column:map}}`. */
const Color = z.string().regex(colorRe, 'use a colour like #C23B22, none, or a binding like {{colour}}');
/**
 * A length in millimetres. Bounded (±10 m) so that arithmetic on it stays finite: a template with
 * `"y": 1e308` is refused here instead of drawing at Infinity.
 */
const Len = z.number().finite().min(-10_000, 'use a length from -10000 to 10000 mm').max(10_000, 'use a length from -10000 to 10000 mm');
/** A type size in points (a poster's headline is a few hundred). */
const Pt = z.number().positive().max(1_000, 'use a size of at most 1000 pt');
/**
 * Shows a layer only when a field is non-empty (`"when": "skill"`), or equals / differs from a
 * value, or (format 5) when an expression over the card's fields holds:
 * `{ "expr": "cost >= 2 and type == \"event\"" }` (see expr.ts).
 */
const When = z.union([
  z.string().min(1),
  z.strictObject({ field: z.string().min(1), equals: z.string().optional(), notEquals: z.string().optional() }),
  z.strictObject({ expr: z.string().min(1).max(EXPR_MAX_LENGTH, `use an expression of at most ${EXPR_MAX_LENGTH} characters`) }),
]);

const Box = { x: Len, y: Len, w: Len.positive(), h: Len.positive() };
/** Degrees clockwise about the layer box's centre (a line: its midpoint; a group: its children's bounds). */
const Rotation = z.number().finite().min(-3600, 'use a rotation from -3600 to 3600 degrees').max(3600, 'use a rotation from -3600 to 3600 degrees');
/**
 * Fields of every layer. `hidden`: not drawn anywhere (preview, PDF, PNG). `locked`: the editor
 * does not move or select it on the canvas; layout ignores it. `rotation`: see Rotation.
 */
const Common = {
  id: z.string().min(1),
  when: When.optional(),
  opacity: z.number().min(0).max(1).optional(),
  rotation: Rotation.optional(),
  locked: z.boolean().optional(),
  hidden: z.boolean().optional(),
};
/**
 * A text face: a bundled one, or a font added to the project (`font:<file>`, the file in the
 * project's `fonts/` folder; new in format 4).
 */
const FaceId = z.union([
  z.enum(['sans', 'sans-medium', 'sans-bold', 'brush']),
  z
    .string()
    .regex(/^font:[\p{L}\p{N}][\p{L}\p{N}_-]{0,59}\.(?:ttf|otf|woff2)$/u, 'use "sans", "sans-medium", "sans-bold", "brush", or a project font as "font:<file in fonts/>", e.g. "font:old-press.ttf"')
    .transform((s) => s as `font:${string}`),
]);

/** A plain colour, `#rrggbb` (gradient stops and shadows are not bound to columns). */
const Hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'use a colour like #C23B22');
/**
 * A gradient fill (format 6), drawn instead of `fill`. `linear`: along a line through the box's
 * centre at `angle` degrees clockwise from left→right (0: left to right, 90: top to bottom), long
 * enough that the first and last stops reach the box's corners (as CSS linear-gradient does).
 * `radial`: from the box's centre (stop 0) out to its edges (stop 1), an ellipse in a box that is
 * not square. Stops are `at` 0..1 along the way, in order; colours beyond the ends are the ends'.
 */
export const Gradient = z
  .strictObject({
    type: z.enum(['linear', 'radial']),
    angle: z.number().finite().min(-360, 'use an angle from -360 to 360 degrees').max(360, 'use an angle from -360 to 360 degrees').optional(),
    stops: z
      .array(z.strictObject({ at: z.number().min(0, 'use stop positions from 0 to 1').max(1, 'use stop positions from 0 to 1'), color: Hex }))
      .min(2, 'give a gradient at least two stops, e.g. [{"at":0,"color":"#C23B22"},{"at":1,"color":"#F2C14E"}]')
      .max(8, 'use at most 8 gradient stops'),
  })
  .refine((g) => g.stops.every((s, i) => i === 0 || s.at >= g.stops[i - 1]!.at), { message: 'list gradient stops in order of "at", from 0 to 1', path: ['stops'] });
export type Gradient = z.infer<typeof Gradient>;
/**
 * A drop shadow (format 6): the layer's outline (its box, rounded corners, ellipse or clip shape)
 * filled with `color`, moved by `x`, `y` mm and blurred by `blur` mm (as CSS box-shadow's blur
 * radius: a Gaussian of standard deviation blur / 2), painted under the layer.
 */
export const Shadow = z.strictObject({
  x: Len,
  y: Len,
  blur: z.number().min(0).max(50, 'use a blur of at most 50 mm'),
  color: Hex,
  /** 0..1, default 0.5. */
  opacity: z.number().min(0).max(1).optional(),
});
export type Shadow = z.infer<typeof Shadow>;
/** Default opacity of a shadow. */
export const SHADOW_OPACITY = 0.5;
/**
 * An image's outline (format 6): `rect` (with `radius` mm rounded corners) or `ellipse`, inscribed
 * in the layer's box; or `layer`, the outline of another layer of the template (a rectangle with
 * its rounded corners, an ellipse, or an image with its own clip shape) wherever that layer sits.
 * The picture is cut to it and its shadow follows it.
 */
export const ShapeClip = z.strictObject({ shape: z.enum(['rect', 'ellipse']), radius: Len.nonnegative().optional() });
export type ShapeClip = z.infer<typeof ShapeClip>;
export const LayerClip = z.strictObject({ layer: z.string().min(1, 'name the layer whose outline cuts the picture') });
export type LayerClip = z.infer<typeof LayerClip>;
export const ImageClip = z.union([ShapeClip, LayerClip]);
export type ImageClip = z.infer<typeof ImageClip>;

/** A filled / outlined rectangle. */
const RectLayer = z.strictObject({
  ...Common,
  type: z.literal('rect'),
  ...Box,
  /** Edges that touch the trim edge grow outward through the bleed (backgrounds, full-bleed art). */
  bleedExtend: z.boolean().optional(),
  radius: Len.nonnegative().optional(),
  fill: Color.optional(),
  gradient: Gradient.optional(),
  stroke: Color.optional(),
  strokeWidth: Len.positive().optional(),
  shadow: Shadow.optional(),
});
/** An ellipse inscribed in its box. */
const EllipseLayer = z.strictObject({
  ...Common,
  type: z.literal('ellipse'),
  ...Box,
  fill: Color.optional(),
  gradient: Gradient.optional(),
  stroke: Color.optional(),
  strokeWidth: Len.positive().optional(),
  shadow: Shadow.optional(),
});
/** A line from (x, y) to (x2, y2). */
const LineLayer = z.strictObject({
  ...Common,
  type: z.literal('line'),
  x: Len,
  y: Len,
  x2: Len,
  y2: Len,
  stroke: Color,
  strokeWidth: Len.positive(),
  dash: z.array(Len.positive()).optional(),
});
/**
 * What an absent optional field of a text layer means. Defaults are not filled in when a template
 * is read, so that a template saves back exactly as it was written (serializeTemplate).
 */
export const TEXT_DEFAULTS = { align: 'left', valign: 'top', lineHeight: 1.3, fit: 'wrap' } as const;

/**
 * Text in a box: bound with `{{column}}`, wrapped (CJK aware) and shrunk to fit if asked. The
 * designer's text is markup (see `rich.ts`): `**bold**`, `[#C23B22]colour[/]` (or
 * `[{{attr:colour}}]…[/]`), inline icons `{{icon:name}}`, `\` escapes. Values bound from the
 * cards are literal unless the binding says `{{column|rich}}`.
 */
const TextLayer = z.strictObject({
  ...Common,
  type: z.literal('text'),
  ...Box,
  text: z.string().max(PROJECT_LIMITS.templateTextChars, `use at most ${PROJECT_LIMITS.templateTextChars} characters; move long text to a column of cards.csv`),
  face: FaceId,
  size: Pt,
  color: Color,
  /** Default `left` (TEXT_DEFAULTS); `justify` spreads every line but a paragraph's last. */
  align: z.enum(['left', 'center', 'right', 'justify']).optional(),
  /** Default `top`. */
  valign: z.enum(['top', 'middle', 'bottom']).optional(),
  /** Line height as a multiple of the size (default 1.3). */
  lineHeight: z.number().positive().max(10, 'use a line height of at most 10 (times the size)').optional(),
  /** `wrap` (default) breaks lines; `shrink` also reduces the size (down to `minSize`) until it fits; `none` breaks only at line feeds. */
  fit: z.enum(['none', 'wrap', 'shrink']).optional(),
  minSize: Pt.optional(),
  letterSpacing: Len.optional(),
});
/** A point of an image, 0..1 from its left / top edge. */
const Focus = z.strictObject({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) });
/**
 * A picture in its box. `src` is an asset reference (`icon:<set>:<name>`, `file:<path in the
 * project>`) or a binding. `fit`: `stretch` (default) fills the box, `contain` shows the whole
 * picture centred, `cover` fills the box and crops, keeping `focus` (default the centre) in view
 * as CSS `object-position` does: focus 0 aligns the left/top edges, 1 the right/bottom ones.
 */
const ImageLayer = z.strictObject({
  ...Common,
  type: z.literal('image'),
  ...Box,
  src: z.string().min(1),
  bleedExtend: z.boolean().optional(),
  fit: z.enum(['stretch', 'contain', 'cover']).optional(),
  focus: Focus.optional(),
  clip: ImageClip.optional(),
  shadow: Shadow.optional(),
});
/** A table: rows from text (one row per line, cells separated by `|`), the first row a header when `header` is set. */
const TableLayer = z.strictObject({
  ...Common,
  type: z.literal('table'),
  x: Len,
  y: Len,
  w: Len.positive(),
  rows: z.string().max(PROJECT_LIMITS.templateTextChars, `use at most ${PROJECT_LIMITS.templateTextChars} characters of rows; shorten the table`),
  /** Relative widths; `align` default `left`. */
  columns: z
    .array(z.strictObject({ width: Len.positive(), align: z.enum(['left', 'center', 'right']).optional() }))
    .min(1)
    .max(PROJECT_LIMITS.tableColumns, `use at most ${PROJECT_LIMITS.tableColumns} columns in one table; split it into several tables`),
  /** The first row is a header (default false). */
  header: z.boolean().optional(),
  face: FaceId,
  headerFace: FaceId.optional(),
  size: Pt,
  rowHeight: Len.min(PROJECT_LIMITS.tableRowHeightMm, `use a row height of at least ${PROJECT_LIMITS.tableRowHeightMm} mm`),
  color: Color,
  headerFill: Color.optional(),
  headerColor: Color.optional(),
  stripeFill: Color.optional(),
});

/** A layer that is not a group. */
export type LeafLayer =
  | z.infer<typeof RectLayer>
  | z.infer<typeof EllipseLayer>
  | z.infer<typeof LineLayer>
  | z.infer<typeof TextLayer>
  | z.infer<typeof ImageLayer>
  | z.infer<typeof TableLayer>;
/**
 * Layers drawn together: children in card coordinates (grouping never moves anything), shown,
 * hidden, faded and rotated as one. The group's box is the union of its children's.
 */
export interface GroupLayer {
  type: 'group';
  id: string;
  layers: Layer[];
  when?: z.infer<typeof When>;
  opacity?: number;
  rotation?: number;
  locked?: boolean;
  hidden?: boolean;
}
/** Any layer. */
export type Layer = LeafLayer | GroupLayer;

const GroupLayerSchema: z.ZodType<GroupLayer> = z.strictObject({
  id: z.string().min(1),
  type: z.literal('group'),
  when: When.optional(),
  opacity: z.number().min(0).max(1).optional(),
  rotation: Rotation.optional(),
  locked: z.boolean().optional(),
  hidden: z.boolean().optional(),
  get layers(): z.ZodArray<z.ZodType<Layer>> {
    return z.array(Layer);
  },
}) as unknown as z.ZodType<GroupLayer>;

/** Every layer type. */
export const Layer: z.ZodType<Layer> = z.lazy(() =>
  z.discriminatedUnion('type', [RectLayer, EllipseLayer, LineLayer, TextLayer, ImageLayer, TableLayer, GroupLayerSchema as never]),
) as unknown as z.ZodType<Layer>;
/** The layer types, for documentation checks. */
export const LAYER_TYPES = ['rect', 'ellipse', 'line', 'text', 'image', 'table', 'group'] as const;

/**
 * Icon names of a template's inline icons, `{{icon:luck}}` in text → `icons.luck`: an asset
 * reference (`file:art/luck.svg`, `icon:fluent-emoji-flat:four-leaf-clover`). A name not listed
 * that looks like `<set>:<name>` is the bundled icon `icon:<set>:<name>`.
 */
const Icons = dict(z.string(), z.string().min(1, 'give each icon an image reference, e.g. "file:art/luck.svg"'))
  .refine((icons) => Object.keys(icons).every((k) => /^[A-Za-z0-9_-]+$/.test(k)), 'use letters, digits, - and _ in icon names, e.g. "luck"');

/** A template file: layers painted in order over the card's bleed box. */
export const TemplateFile = z.strictObject({
  schemaVersion: z.literal(CARD_SET_SCHEMA_VERSION),
  name: z.string().min(1),
  /** Value maps used by bindings such as `{{attr:colour}}`. */
  maps: dict(z.string(), dict(z.string(), z.string())).default(() => dictOf<Record<string, string>>()),
  /** Inline icons of text layers by name (new in format 3). */
  icons: Icons.optional(),
  layers: z.array(Layer),
});
export type TemplateFile = z.infer<typeof TemplateFile>;

const LocalText = z.strictObject({ zh: z.string().min(1), en: z.string().min(1) });

/** The types a cards column can have (the data grid validates its cells by them). */
export const COLUMN_TYPES = ['text', 'number', 'colour', 'image', 'list'] as const;
/** A column's type, and for a `list` column its allowed values. */
export const ColumnTypeSpec = z.strictObject({
  type: z.enum(COLUMN_TYPES),
  /** The allowed values of a `list` column, in the order the picker shows them. */
  values: z.array(z.string().max(200, 'use list values of at most 200 characters')).max(500, 'use at most 500 list values').optional(),
});
export type ColumnTypeSpec = z.infer<typeof ColumnTypeSpec>;

/**
 * The built-in games a project's Table can play (their rules engines live in shared/games; this
 * list is data only, since card code never imports games). A built-in game's project names its
 * game in project.json, and a copy keeps it, so the copy is played at the table like the original.
 */
export const TABLE_GAMES = ['doufu', 'zodiac-race', 'dou-laoban', 'moyu-wang', 'dou-shisi'] as const;
/** A game a project's Table can play. */
export type TableGameId = (typeof TABLE_GAMES)[number];

/** The project file. */
export const CardSetFile = z.strictObject({
  schemaVersion: z.literal(CARD_SET_SCHEMA_VERSION),
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'use lower-case letters, digits and dashes, e.g. "my-game"'),
  name: LocalText,
  description: LocalText.optional(),
  card: z.strictObject({
    preset: z.enum(['poker', 'poker-in', 'bridge', 'mini', 'tarot', 'square', 'custom']),
    width: Len.positive().max(400),
    height: Len.positive().max(400),
    bleed: Len.nonnegative().max(10),
    safe: Len.nonnegative().max(20),
    cornerRadius: Len.nonnegative().max(20).default(3),
  }),
  /** The CSV file holding the cards, relative to the project folder. */
  cards: z.string().min(1),
  /** Template names → files. `front` and `back` are the defaults; a card may name others. */
  templates: dict(z.string(), z.string()).refine((t) => Object.hasOwn(t, 'front') && Object.hasOwn(t, 'back'), 'needs at least "front" and "back" templates'),
  /**
   * Column types by column name (columns not named are text), e.g. `{ "cost": { "type": "number" } }`.
   * New in format 2: a project.json that has them is saved as format 2, so an app that reads only
   * format 1 says to update instead of refusing an unknown key (see `projectFileVersion`).
   */
  columns: dict(z.string().min(1).max(200), ColumnTypeSpec).optional(),
  /**
   * The built-in game this project's Table plays (its rules engine), e.g. `"zodiac-race"`. Set in
   * the built-in games' project.json and kept by a copy; absent: the project has no table. New in
   * format 3 (see `projectFileVersion`).
   */
  game: z.enum(TABLE_GAMES).optional(),
  /**
   * Per-card template rules (format 5): a card with an empty `template` cell takes the first rule's
   * `template` (and `back`, if given) whose `when` expression its fields meet (template-rules.ts).
   */
  templateRules: z
    .array(z.strictObject({ when: z.string().min(1).max(EXPR_MAX_LENGTH), template: z.string().min(1), back: z.string().min(1).optional() }))
    .max(100, 'use at most 100 template rules')
    .optional(),
  /** Credits for art and fonts, shown in About and printed where a licence requires it. */
  credits: z.array(z.strictObject({ what: z.string(), who: z.string(), licence: z.string() })).default([]),
  /** The game's rulebook: Markdown sources per language, typeset by the app. */
  rulebook: z
    .strictObject({
      title: LocalText,
      subtitle: LocalText.optional(),
      /** Markdown file per language, relative to the project folder. */
      sources: z.strictObject({ zh: z.string().min(1).optional(), en: z.string().min(1).optional() }),
      /** A figure ref for the title page, e.g. `card:RAT-FU`. */
      cover: z.string().optional(),
      /**
       * Figure prefixes that name another project's cards, e.g. `{ "board": "zodiac-race-board" }`
       * makes `![](board:BOARD)` show card BOARD of that project. `card:` (fronts) and `back:`
       * (backs) always mean this project's cards.
       */
      figureProjects: dict(z.string().regex(/^[a-z][a-z0-9-]*$/), z.string()).default(() => dictOf<string>()),
    })
    .optional(),
});
export type CardSetFile = z.infer<typeof CardSetFile>;

/** One card of a set, after the CSV is read. */
export interface Card {
  /** Unique within the set, e.g. `RAT-FU`. */
  id: string;
  /** How many copies print (0 = in the set but not printed). */
  copies: number;
  /** Front template name. */
  template: string;
  /** Back template name. */
  back: string;
  /** Every other column, by header. */
  fields: Record<string, string>;
}

/** A loaded, validated card set: what layout, the table and the print pipeline consume. */
export interface CardSet {
  file: CardSetFile;
  cards: Card[];
  templates: Record<string, TemplateFile>;
}
