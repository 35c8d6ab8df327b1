import { KIT_PARTS, type KitPart, type KitRequest } from '../shared/ipc/kit-request';
import { PAPER_IDS } from '../shared/print/paper';
import { OVERLAP_LIMITS, SCALE_LIMITS, TILE_LAYOUT } from '../shared/print/tiles';
import { err, ok, type Result } from '../shared/util/result';
import type { FlagSpec, FlagValues } from './cli-args';

/** Flags of `export zodiac-race-kit` (and of `export zodiac-race-board`, which prints the board part). */
export const KIT_FLAGS = {
  out: { type: 'string', value: 'FILE' },
  paper: { type: 'string', value: 'a4|letter|a3|tabloid' },
  scale: { type: 'string', value: 'PERCENT' },
  tiling: { type: 'string', value: 'auto|whole|tiled' },
  overlap: { type: 'string', value: 'MM' },
  orientation: { type: 'string', value: 'auto|portrait|landscape' },
  'no-test-page': { type: 'boolean' },
  parts: { type: 'string', value: 'all|board,cards,tokens,pieces,score' },
  copies: { type: 'string', value: 'N' },
  'token-back': { type: 'string', value: '#RRGGBB|none' },
  players: { type: 'string', value: 'N' },
  duplex: { type: 'string', value: 'long|short|none' },
  overwrite: { type: 'boolean' },
} as const satisfies Record<string, FlagSpec>;

/** Flags of `export zodiac-race-board`: the board's own (paper, one page or tiles, scale, glue overlap). */
export const BOARD_FLAGS = {
  out: KIT_FLAGS.out,
  paper: KIT_FLAGS.paper,
  scale: KIT_FLAGS.scale,
  tiling: KIT_FLAGS.tiling,
  overlap: KIT_FLAGS.overlap,
  'no-test-page': KIT_FLAGS['no-test-page'],
  overwrite: KIT_FLAGS.overwrite,
} as const satisfies Record<string, FlagSpec>;

/** Usage text of the kit command, for the CLI's help. */
export const KIT_USAGE = `  npm run cli -- export zodiac-race-kit --paper a4|letter|a3|tabloid --out FILE [options]
      The whole 生肖赛跑 print-and-play kit in one PDF, in build order: cover (parts list, page
      numbers, board assembly map), a print test page to measure first, board (one page on A3/Tabloid, tiles with a 10 mm glue overlap,
      registration crosses and labels A1, A2 … on A4/Letter), 12 power cards (fronts and backs),
      dice tokens, standees and a die net, lap-score tracks.
      --paper P             a4, letter, a3 or tabloid (default a4)
      --scale PERCENT       board scale, ${SCALE_LIMITS.min}–${SCALE_LIMITS.max} (default 100 on A4/Letter; the largest that fits one page on A3/Tabloid)
      --tiling auto|whole|tiled   the board on one page (at the largest scale that fits, or --scale) or in
                            tiles (at 100 %, or --scale); auto: tiles on A4/Letter, one page on A3/Tabloid
      --overlap MM          glue overlap between board tiles, ${OVERLAP_LIMITS.min}–${OVERLAP_LIMITS.max} (default ${TILE_LAYOUT.overlap})
      --orientation auto|portrait|landscape   power-card sheets; auto keeps their crop marks inside the margin (default auto)
      --no-test-page        leave out page 2, the print test page (100 mm ruler, 50 mm square, 5 mm frame)
      --parts LIST          all, or some of board,cards,tokens,pieces,score (default all); e.g.
                            --parts tokens prints the tokens alone, --parts pieces,score the pieces and tracks
      --copies N            token sets of 12 per value, 1–6 (default 1 = 72 tokens)
      --token-back COLOR    print a coloured back behind every token (#RRGGBB), or none (default)
      --players N           player colours for standees and score tracks, 2–6 (default 6)
      --duplex long|short|none   how the power cards' backs flip (default long)
      --overwrite           replace an existing FILE
  npm run cli -- export zodiac-race-board [--paper P] [--tiling auto|whole|tiled] [--scale PERCENT] [--overlap MM] [--no-test-page] [--out FILE]
      The board alone: the kit's cover and board pages (the same as --parts board), e.g.
      --paper a4 --tiling whole for a small one-page board, --paper a3 --tiling tiled for 100 % on A3.`;

/**
 * The kit request the flags describe, or a message naming the flag and what it takes.
 * @example kitRequestFromFlags({ paper: 'a3', scale: '90%' }) // → ok({ paper: 'a3', scale: 90 })
 */
export function kitRequestFromFlags(v: FlagValues<typeof KIT_FLAGS>, boardOnly = false): Result<KitRequest> {
  if (boardOnly) {
    // The board command has only the board's flags (the parser refuses the others); this guards direct callers.
    const extra = Object.keys(v).filter((k) => v[k as keyof typeof v] !== undefined && !(k in BOARD_FLAGS));
    if (extra.length) return err('cli/bad-value', `export zodiac-race-board takes only ${Object.keys(BOARD_FLAGS).map((k) => `--${k}`).join(', ')} (got --${extra.join(', --')}); use export zodiac-race-kit --parts … for the other parts`);
  }
  const req: KitRequest = {};
  if (v.paper !== undefined) {
    const paper = v.paper.trim().toLowerCase(); // `--paper A4` as the paper says it
    if (!(PAPER_IDS as string[]).includes(paper)) return err('cli/bad-value', `--paper must be ${PAPER_IDS.join(', ')}, not "${v.paper}"`);
    req.paper = paper as KitRequest['paper'];
  }
  if (v.scale !== undefined) {
    const n = Number(v.scale.replace(/%$/, ''));
    if (!Number.isFinite(n) || n < SCALE_LIMITS.min || n > SCALE_LIMITS.max)
      return err('cli/bad-value', `--scale must be a percentage from ${SCALE_LIMITS.min} to ${SCALE_LIMITS.max} (e.g. --scale 90), not "${v.scale}"`);
    req.scale = n;
  }
  if (v.tiling !== undefined) {
    if (!['auto', 'whole', 'tiled'].includes(v.tiling)) return err('cli/bad-value', `--tiling must be auto, whole (one page) or tiled, not "${v.tiling}"`);
    req.tiling = v.tiling as KitRequest['tiling'];
  }
  if (v.overlap !== undefined) {
    const n = Number(v.overlap.replace(/mm$/, ''));
    if (!Number.isFinite(n) || n < OVERLAP_LIMITS.min || n > OVERLAP_LIMITS.max)
      return err('cli/bad-value', `--overlap must be a glue overlap in millimetres from ${OVERLAP_LIMITS.min} to ${OVERLAP_LIMITS.max}, not "${v.overlap}"`);
    req.overlap = n;
  }
  if (v.orientation !== undefined) {
    if (!['auto', 'portrait', 'landscape'].includes(v.orientation)) return err('cli/bad-value', `--orientation must be auto, portrait or landscape, not "${v.orientation}"`);
    req.orientation = v.orientation as KitRequest['orientation'];
  }
  if (v['no-test-page']) req.testPage = false;
  if (boardOnly) req.parts = ['board'];
  else if (v.parts !== undefined && v.parts !== 'all') {
    const list = v.parts.split(',').map((s) => s.trim()).filter(Boolean);
    const bad = list.filter((p) => !(KIT_PARTS as readonly string[]).includes(p));
    if (bad.length || !list.length) return err('cli/bad-value', `--parts takes all or a list of ${KIT_PARTS.join(', ')} (got "${v.parts}")`);
    req.parts = [...new Set(list)] as KitPart[];
  }
  const int = (flag: string, s: string | undefined, min: number, max: number): Result<number | undefined> => {
    if (s === undefined) return ok(undefined);
    const n = Number(s);
    return Number.isInteger(n) && n >= min && n <= max ? ok(n) : err('cli/bad-value', `--${flag} must be a whole number from ${min} to ${max}, not "${s}"`);
  };
  const copies = int('copies', v.copies, 1, 6);
  if (!copies.ok) return copies;
  if (copies.value !== undefined) req.copies = copies.value;
  const players = int('players', v.players, 2, 6);
  if (!players.ok) return players;
  if (players.value !== undefined) req.players = players.value;
  if (v['token-back'] !== undefined) {
    const c = v['token-back'];
    if (c !== 'none' && !/^#[0-9a-fA-F]{6}$/.test(c)) return err('cli/bad-value', `--token-back must be a colour such as #1F5FA8, or none, not "${c}"`);
    req.tokenBack = c === 'none' ? null : c;
  }
  if (v.duplex !== undefined) {
    if (!['long', 'short', 'none'].includes(v.duplex)) return err('cli/bad-value', `--duplex must be long, short or none, not "${v.duplex}"`);
    req.duplex = v.duplex as KitRequest['duplex'];
  }
  return ok(req);
}
