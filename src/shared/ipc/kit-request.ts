import { z } from 'zod';
import { PAPER_IDS, type PaperId } from '../print/paper';
import { OVERLAP_LIMITS, SCALE_LIMITS, TILE_LAYOUT } from '../print/tiles';

import { KIT_PARTS } from './kit-parts';

export { KIT_PARTS, type KitPart } from './kit-parts';

/**
 * A request for the 生肖赛跑 print-and-play kit (the whole game or some of its parts), as the
 * print dialog sends it and the CLI builds it. Main chooses the file.
 */
export const KitRequest = z.strictObject({
  /** The game whose kit to print (only 生肖赛跑 has one). */
  game: z.literal('zodiac-race').default('zodiac-race'),
  paper: z.enum(PAPER_IDS as [PaperId, ...PaperId[]]).default('a4'),
  /** Board scale in per cent; omitted: 100 % on A4/Letter, the largest that fits one page on A3/Tabloid. */
  scale: z.number().min(SCALE_LIMITS.min).max(SCALE_LIMITS.max).optional(),
  /**
   * How the board prints: `whole` on one page (at the largest scale that fits, or `scale`),
   * `tiled` across pages (at 100 %, or `scale`), `auto` tiles on A4/Letter and one page on A3/Tabloid.
   */
  tiling: z.enum(['auto', 'whole', 'tiled']).default('auto'),
  /** Glue overlap between board tiles, in millimetres. */
  overlap: z.number().min(OVERLAP_LIMITS.min).max(OVERLAP_LIMITS.max).default(TILE_LAYOUT.overlap),
  /** Which way round the power-card sheets print; `auto` keeps their crop marks inside the margin. */
  orientation: z.enum(['auto', 'portrait', 'landscape']).default('auto'),
  /** Page 2, after the cover: a print test page (100 mm ruler, 50 mm square, 5 mm frame) to check the printer's scale first. */
  testPage: z.boolean().default(true),
  /** Parts to print, in any order (the PDF keeps build order); default the whole game. */
  parts: z.array(z.enum(KIT_PARTS)).min(1).default([...KIT_PARTS]),
  /** Token sets: 12 of each value per set. */
  copies: z.number().int().min(1).max(6).default(1),
  /** A colour for the token backs (`#rrggbb`), or none. */
  tokenBack: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour such as #1F5FA8').nullable().default(null),
  /** Players to make standees and score tracks for (2–6; the kit defaults to all six colours). */
  players: z.number().int().min(2).max(6).default(6),
  /** How the card sheets' backs are flipped. */
  duplex: z.enum(['long', 'short', 'none']).default('long'),
});
export type KitRequest = z.input<typeof KitRequest>;
export type KitRequestResolved = z.output<typeof KitRequest>;
