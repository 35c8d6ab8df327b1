import { z } from 'zod';
import { PNG_PRESET_IDS } from '../print/png-presets';

/**
 * A print request as the renderer sends it (file locations are not part of it: main chooses
 * them, so the renderer cannot write anywhere on disk) and the CLI builds it. Validated in main before use
 * (every IPC payload is). Lengths in millimetres.
 */
export const PrintRequest = z.strictObject({
  projectId: z.string().min(1),
  paper: z.enum(['a4', 'letter', 'a3', 'tabloid']).default('a4'),
  /**
   * Which way round the sheets print: portrait, landscape, or `auto`, the way that keeps crop
   * marks on white inside the margin (then the full bleed, then more cards a sheet).
   */
  orientation: z.enum(['portrait', 'landscape', 'auto']).default('auto'),
  /** Card size: `project` keeps the set's own size; a preset or `custom` overrides it. */
  cardSize: z.enum(['project', 'poker', 'poker-in', 'bridge', 'mini', 'tarot', 'square', 'custom']).default('project'),
  customSize: z.strictObject({ width: z.number().min(20).max(200), height: z.number().min(20).max(280) }).optional(),
  bleed: z.number().min(0).max(6).default(3),
  /** Unprintable border on every side: cards, marks and the foot line stay inside it (home printers: 3–5 mm). */
  margin: z.number().min(0).max(30).default(5),
  /** Space between cards: `auto` gives inner cuts as much bleed as the paper allows; a number is a fixed gutter (0 butts them). */
  gutter: z.union([z.literal('auto'), z.number().min(0).max(20)]).default('auto'),
  /** Print each card's id and variant (e.g. 1/2) as a tiny code on its face, for print shops. */
  cardCode: z.boolean().default(false),
  marks: z.enum(['crop', 'lines', 'none']).default('crop'),
  duplex: z.enum(['none', 'long', 'short']).default('long'),
  backOffset: z.strictObject({ x: z.number().min(-10).max(10), y: z.number().min(-10).max(10) }).default({ x: 0, y: 0 }),
  calibration: z.boolean().default(true),
  /** Card ids to print; empty = all. */
  cards: z.array(z.string()).default([]),
  /** `set` = the copies of the card set; a number = that many of each selected card. */
  copies: z.union([z.literal('set'), z.number().int().min(1).max(20)]).default('set'),
  /** Extra outputs. */
  png: z.boolean().default(false),
  /**
   * Per-card PNG size and names (print/png-presets.ts): `300dpi` at the card size with bleed,
   * `poker-825x1125` (2.5 × 3.5 in with 1/8 in bleed), or a print shop's poker card with its names.
   */
  pngPreset: z.enum(PNG_PRESET_IDS).default('300dpi'),
  tts: z.boolean().default(false),
  /** Accept preflight errors and export anyway. */
  acceptPreflight: z.boolean().default(false),
});
export type PrintRequest = z.input<typeof PrintRequest>;
export type PrintRequestResolved = z.output<typeof PrintRequest>;
