import { PAPER_IDS } from '../shared/print/paper';
import { MW_KIT_PARTS, type MoyuKitRequest, type MwKitPart } from '../shared/print/moyu-wang/request';
import { err, ok, type Result } from '../shared/util/result';
import type { FlagSpec, FlagValues } from './cli-args';

/** Flags of `export moyu-wang-kit`. */
export const MW_KIT_FLAGS = {
  out: { type: 'string', value: 'FILE' },
  paper: { type: 'string', value: 'a4|letter|a3|tabloid' },
  orientation: { type: 'string', value: 'auto|portrait|landscape' },
  duplex: { type: 'string', value: 'long|short|none' },
  'no-calibration': { type: 'boolean' },
  parts: { type: 'string', value: 'all|cards,markers' },
  overwrite: { type: 'boolean' },
} as const satisfies Record<string, FlagSpec>;

/** Usage text of the kit command, for the CLI's help. */
export const MW_KIT_USAGE = `  npm run cli -- export moyu-wang-kit --paper a4|letter|a3|tabloid --out FILE [options]
      The whole 摸鱼王 print-and-play kit in one PDF: cover (parts list, page numbers, how to print),
      a duplex calibration page, the 101 cards, 9 role cards and 9 reference cards (bleed, crop marks,
      backs aligned after each front), and 19 overtime markers (25 mm chips).
      --paper P             a4, letter, a3 or tabloid (default a4)
      --orientation auto|portrait|landscape   card sheets; auto keeps their crop marks inside the margin (default auto)
      --duplex long|short|none   how the card backs flip; none prints fronts only (default long)
      --no-calibration      leave out the duplex calibration page
      --parts LIST          all, or some of ${MW_KIT_PARTS.join(',')} (default all)
      --overwrite           replace an existing FILE`;

/** The kit request the flags describe, or a message naming the flag and what it takes. */
export function mwKitRequestFromFlags(v: FlagValues<typeof MW_KIT_FLAGS>): Result<MoyuKitRequest> {
  const req: MoyuKitRequest = {};
  if (v.paper !== undefined) {
    const paper = v.paper.trim().toLowerCase();
    if (!(PAPER_IDS as string[]).includes(paper)) return err('cli/bad-value', `--paper must be ${PAPER_IDS.join(', ')}, not "${v.paper}"`);
    req.paper = paper as MoyuKitRequest['paper'];
  }
  if (v.orientation !== undefined) {
    if (!['auto', 'portrait', 'landscape'].includes(v.orientation)) return err('cli/bad-value', `--orientation must be auto, portrait or landscape, not "${v.orientation}"`);
    req.orientation = v.orientation as MoyuKitRequest['orientation'];
  }
  if (v.duplex !== undefined) {
    if (!['long', 'short', 'none'].includes(v.duplex)) return err('cli/bad-value', `--duplex must be long, short or none, not "${v.duplex}"`);
    req.duplex = v.duplex as MoyuKitRequest['duplex'];
  }
  if (v['no-calibration']) req.calibration = false;
  if (v.parts !== undefined && v.parts !== 'all') {
    const list = v.parts.split(',').map((s) => s.trim()).filter(Boolean);
    const bad = list.filter((p) => !(MW_KIT_PARTS as readonly string[]).includes(p));
    if (bad.length || !list.length) return err('cli/bad-value', `--parts takes all or a list of ${MW_KIT_PARTS.join(', ')} (got "${v.parts}")`);
    req.parts = [...new Set(list)] as MwKitPart[];
  }
  return ok(req);
}
