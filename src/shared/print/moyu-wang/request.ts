import { z } from 'zod';
import { PAPER_IDS, type PaperId } from '../paper';

import { MW_KIT_PARTS } from './parts';

export { MW_KIT_PARTS, type MwKitPart } from './parts';

/** A request for the 摸鱼王 print-and-play kit, as the CLI builds it. */
export const MoyuKitRequest = z.strictObject({
  paper: z.enum(PAPER_IDS as [PaperId, ...PaperId[]]).default('a4'),
  /** Which way round the card sheets print; `auto` keeps their crop marks inside the printable margin. */
  orientation: z.enum(['auto', 'portrait', 'landscape']).default('auto'),
  /** How the card sheets' backs are flipped (`none`: fronts only). */
  duplex: z.enum(['long', 'short', 'none']).default('long'),
  /** A duplex calibration page (crosses front and back) before the card sheets. */
  calibration: z.boolean().default(true),
  /** Parts to print, in any order (the PDF keeps build order); default all. */
  parts: z.array(z.enum(MW_KIT_PARTS)).min(1).default([...MW_KIT_PARTS]),
});
export type MoyuKitRequest = z.input<typeof MoyuKitRequest>;
export type MoyuKitRequestResolved = z.output<typeof MoyuKitRequest>;

/** The request as the print dialog sends it over IPC: the game named, so it is told from the other kits'. */
export const MoyuKitJob = MoyuKitRequest.extend({ game: z.literal('moyu-wang') });
export type MoyuKitJob = z.input<typeof MoyuKitJob>;
