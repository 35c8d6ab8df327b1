import { z } from 'zod';
import { PAPER_IDS, type PaperId } from '../paper';
import { DL_KIT_PARTS } from './parts';

export { DL_KIT_PARTS, type DlKitPart } from './parts';

/**
 * A request for the 斗老闆 print-and-play kit (all of it or some parts), as the CLI builds it:
 * the 54 cards and the reference cards (fronts with bleed and crop marks, backs aligned for
 * duplex), the table pieces (Boss tent card, bid markers, multiplier tracker) and the score pad.
 */
export const DouLaobanKitRequest = z.strictObject({
  /** The game whose kit this is: tells the print dialog's request from the 生肖赛跑 kit's. */
  game: z.literal('dou-laoban').default('dou-laoban'),
  paper: z.enum(PAPER_IDS as [PaperId, ...PaperId[]]).default('a4'),
  /** Which way round the card sheets print; `auto` keeps their crop marks inside the margin. */
  orientation: z.enum(['auto', 'portrait', 'landscape']).default('auto'),
  /** How the card sheets' backs are flipped. */
  duplex: z.enum(['long', 'short', 'none']).default('long'),
  /** The duplex calibration page before the card sheets (crosshairs front and back, a 100 mm ruler). */
  calibration: z.boolean().default(true),
  /** Parts to print, in any order (the PDF keeps build order); default the whole kit. */
  parts: z.array(z.enum(DL_KIT_PARTS)).min(1).default([...DL_KIT_PARTS]),
});
export type DouLaobanKitRequest = z.input<typeof DouLaobanKitRequest>;
export type DouLaobanKitRequestResolved = z.output<typeof DouLaobanKitRequest>;

/** The request as the print dialog sends it over IPC: the game named, so it is told from the 生肖赛跑 kit's. */
export const DouLaobanKitJob = DouLaobanKitRequest.extend({ game: z.literal('dou-laoban') });
export type DouLaobanKitJob = z.input<typeof DouLaobanKitJob>;
