import { z } from 'zod';
import { PAPER_IDS, type PaperId } from '../paper';

/** The parts of the 斗老闆 kit, in build order. */
export const DL_KIT_PARTS = ['cards', 'pieces', 'score'] as const;
/** A part of the 斗老闆 kit. */
export type DlKitPart = (typeof DL_KIT_PARTS)[number];

/**
 * A request for the 斗老闆 print-and-play kit (all of it or some parts), as the CLI builds it:
 * the 54 cards and the reference cards (fronts with bleed and crop marks, backs aligned for
 * duplex), the table pieces (Boss tent card, bid markers, multiplier tracker) and the score pad.
 */
export const DouLaobanKitRequest = z.strictObject({
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
