import { PAPER_IDS } from '../shared/print/paper';
import { DL_KIT_PARTS, type DlKitPart, type DouLaobanKitRequest } from '../shared/print/dou-laoban/request';
import { err, ok, type Result } from '../shared/util/result';
import type { FlagSpec, FlagValues } from './cli-args';

/** Flags of `export dou-laoban-kit`. */
export const DL_KIT_FLAGS = {
  out: { type: 'string', value: 'FILE' },
  paper: { type: 'string', value: 'a4|letter|a3|tabloid' },
  orientation: { type: 'string', value: 'auto|portrait|landscape' },
  duplex: { type: 'string', value: 'long|short|none' },
  'no-calibration': { type: 'boolean' },
  parts: { type: 'string', value: 'all|cards,pieces,score' },
  overwrite: { type: 'boolean' },
} as const satisfies Record<string, FlagSpec>;

/** Usage text of the command, for the CLI's help. */
export const DL_KIT_USAGE = `  npm run cli -- export dou-laoban-kit --paper a4|letter|a3|tabloid --out FILE [options]
      The whole 斗老闆 print-and-play kit in one PDF: cover (parts list, page numbers), a duplex
      calibration page, the 54 cards and 9 reference cards (fronts with bleed and crop marks, backs
      after each front), the table pieces (Boss tent card, bid markers 1× 2× 3×, A6 multiplier
      tracker) and the A5 score sheet.
      --paper P             a4, letter, a3 or tabloid (default a4)
      --orientation auto|portrait|landscape   card sheets; auto keeps their crop marks inside the margin (default auto)
      --duplex long|short|none   how the card backs flip (default long; none prints no backs)
      --no-calibration      leave out the duplex calibration page
      --parts LIST          all, or some of cards,pieces,score (default all), e.g. --parts pieces,score
      --overwrite           replace an existing FILE`;

/** The kit request the flags describe, or a message naming the flag and what it takes. */
export function dlKitRequestFromFlags(v: FlagValues<typeof DL_KIT_FLAGS>): Result<DouLaobanKitRequest> {
  const req: DouLaobanKitRequest = {};
  if (v.paper !== undefined) {
    const paper = v.paper.trim().toLowerCase();
    if (!(PAPER_IDS as string[]).includes(paper)) return err('cli/bad-value', `--paper must be ${PAPER_IDS.join(', ')}, not "${v.paper}"`);
    req.paper = paper as DouLaobanKitRequest['paper'];
  }
  if (v.orientation !== undefined) {
    if (!['auto', 'portrait', 'landscape'].includes(v.orientation)) return err('cli/bad-value', `--orientation must be auto, portrait or landscape, not "${v.orientation}"`);
    req.orientation = v.orientation as DouLaobanKitRequest['orientation'];
  }
  if (v.duplex !== undefined) {
    if (!['long', 'short', 'none'].includes(v.duplex)) return err('cli/bad-value', `--duplex must be long, short or none, not "${v.duplex}"`);
    req.duplex = v.duplex as DouLaobanKitRequest['duplex'];
  }
  if (v['no-calibration']) req.calibration = false;
  if (v.parts !== undefined && v.parts !== 'all') {
    const list = v.parts.split(',').map((s) => s.trim()).filter(Boolean);
    const bad = list.filter((p) => !(DL_KIT_PARTS as readonly string[]).includes(p));
    if (bad.length || !list.length) return err('cli/bad-value', `--parts takes all or a list of ${DL_KIT_PARTS.join(', ')} (got "${v.parts}")`);
    req.parts = [...new Set(list)] as DlKitPart[];
  }
  return ok(req);
}
