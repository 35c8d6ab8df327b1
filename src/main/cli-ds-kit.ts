import { MW_KIT_FLAGS } from './cli-mw-kit';
import type { FlagSpec } from './cli-args';

/** Flags of `export dou-shisi-kit`: the card-kit flags; the kit is one part, so no --parts. */
export const DS_KIT_FLAGS = (({ parts: _parts, ...rest }) => rest)(MW_KIT_FLAGS) satisfies Record<string, FlagSpec>;

/** Usage text of the kit command, for the CLI's help. */
export const DS_KIT_USAGE = `  npm run cli -- export dou-shisi-kit --paper a4|letter|a3|tabloid --out FILE [options]
      The whole 斗十四 print-and-play kit in one PDF: cover (contents, page numbers, how to print),
      a duplex calibration page, the 52 number cards and 4 jokers (2 more marked for the 6-joker game)
      with red points and sum-14 partners printed large, 4 reference cards (bleed, crop marks,
      backs aligned after each front) and an A5 score sheet.
      --paper P             a4, letter, a3 or tabloid (default a4)
      --orientation auto|portrait|landscape   card sheets; auto keeps their crop marks inside the margin (default auto)
      --duplex long|short|none   how the card backs flip; none prints fronts only (default long)
      --no-calibration      leave out the duplex calibration page
      --overwrite           replace an existing FILE`;
