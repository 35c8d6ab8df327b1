import type { DrawList, DrawOp } from '../../cards/draw-list';
import type { TextMeasurer } from '../../cards/fonts';
import type { Mm } from '../../util/units';
import { roundMm } from '../../util/units';
import { assert } from '../../util/assert';
import type { Size } from '../geometry';
import { textOp } from '../text';
import { caption } from './tokens';
import { PLAYERS, ZODIACS } from './parts';
import { appendAll } from '../../util/array';

/**
 * Standees: one per zodiac per player colour (12 × 6 = 72; any player may become any animal,
 * spec §13 #5). Each is a strip cut out along its outline: base tab | back panel (upside down) |
 * fold at the head | front panel | base tab. Fold the panels back to back, glue them, and fold
 * the tabs outward to stand it up.
 */
export const STANDEE = { width: 20, panel: 30, tab: 11, gap: 2, margin: 10, foot: 8, blockGap: 8 } as const;

const FOLD = { color: '#777777', width: 0.2, dash: [1.2, 0.9] };
const CUT = { color: '#000000', width: 0.2 };

/** Height of a standee strip. */
export const STANDEE_HEIGHT: Mm = 2 * (STANDEE.panel + STANDEE.tab);

/** One panel: frame, seat band, the animal's art and names, in a box at (x, y). */
function panel(z: (typeof ZODIACS)[number], seat: number, x: Mm, y: Mm, measurer: TextMeasurer): DrawOp[] {
  const { width: w, panel: h } = STANDEE;
  const p = PLAYERS[seat]!;
  return [
    { op: 'rect', id: 'standee-ground', x, y, w, h, fill: { color: p.tint } },
    { op: 'rect', id: 'standee-band', x, y, w, h: 4.5, fill: { color: p.color } },
    textOp(`${seat + 1}`, x + w / 2, y + 3.5, { face: 'sans-bold', size: 8, color: '#FFFFFF', align: 'center', id: 'standee-seat' }, measurer),
    { op: 'image', id: 'standee-art', x: x + 2.5, y: y + 5.5, w: w - 5, h: w - 5, ref: z.icon },
    textOp(z.zh, x + w / 2, y + h - 3.6, { face: 'sans-bold', size: 8, color: '#222222', align: 'center', id: 'standee-zh' }, measurer),
    textOp(z.en, x + w / 2, y + h - 0.9, { face: 'sans', size: 5, color: '#444444', align: 'center', id: 'standee-en' }, measurer),
  ];
}

/** One standee strip with its top-left corner at (x, y). */
export function standee(zodiac: number, seat: number, x: Mm, y: Mm, measurer: TextMeasurer): DrawOp[] {
  const { width: w, panel: h, tab } = STANDEE;
  const z = ZODIACS[zodiac]!;
  const p = PLAYERS[seat]!;
  const head = y + tab + h;
  const ops: DrawOp[] = [
    { op: 'rect', id: 'standee-tab', x, y, w, h: tab, fill: { color: p.color, opacity: 0.35 } },
    { op: 'rect', id: 'standee-tab', x, y: head + h, w, h: tab, fill: { color: p.color, opacity: 0.35 } },
    // The back panel is the front turned 180° about its centre: upright once folded over the head.
    { op: 'group', id: 'standee-back', rotate: { deg: 180, cx: x + w / 2, cy: y + tab + h / 2 }, ops: panel(z, seat, x, y + tab, measurer) },
    ...panel(z, seat, x, head, measurer),
  ];
  for (const fy of [y + tab, head, head + h]) ops.push({ op: 'line', id: 'fold', x1: x, y1: roundMm(fy), x2: x + w, y2: roundMm(fy), stroke: FOLD });
  ops.push({ op: 'rect', id: 'cut', x, y, w, h: STANDEE_HEIGHT, stroke: CUT });
  return ops;
}

/** How one player's 12 standees sit on a sheet: `across` × `down` strips, `perPage` players' blocks a page. */
export interface StandeeLayout {
  cols: number;
  rows: number;
  across: number;
  down: number;
  blocksAcross: number;
  blocksDown: number;
  perPage: number;
}

/**
 * The standee grid of a page and the block one player's set takes in it: the block shape
 * (12 × 1, 6 × 2, 4 × 3, 3 × 4, 2 × 6 or 1 × 12 strips) that puts the most whole sets on a page,
 * the widest on a tie. A player's set is never split across rows of another set or across pages
 * (Tabloid: 11 strips across, so sets go 3 × 4, three a page).
 */
export function standeeLayout(page: Size): StandeeLayout {
  const { width: w, gap, margin, foot } = STANDEE;
  const cols = Math.floor((page.width - 2 * margin + gap) / (w + gap));
  const rows = Math.floor((page.height - 2 * margin - foot + gap) / (STANDEE_HEIGHT + gap));
  let best: StandeeLayout | null = null;
  for (const across of [12, 6, 4, 3, 2, 1]) {
    const down = ZODIACS.length / across;
    const blocksAcross = Math.floor(cols / across);
    const blocksDown = Math.floor(rows / down);
    const perPage = blocksAcross * blocksDown;
    if (perPage > 0 && (!best || perPage > best.perPage)) best = { cols, rows, across, down, blocksAcross, blocksDown, perPage };
  }
  assert(best !== null, `A ${page.width} × ${page.height} mm page is too small for a set of standees.`);
  return best;
}

/**
 * The space between two players' blocks: `blockGap` where the page has that much to spare (so
 * each set reads as a block and is cut from the sheet first), else what the page spares, at
 * least the strips' own gap.
 */
function blockGap(room: Mm, blocks: number, strips: number, pitch: Mm): Mm {
  const { gap, blockGap: want } = STANDEE;
  if (blocks < 2) return gap;
  const spare = room - (blocks * strips * pitch - gap);
  return Math.max(gap, Math.min(want, gap + spare / (blocks - 1)));
}

/**
 * Pages of standees: every zodiac for each of `players` colours, in seat order, each player's 12
 * together in one block (see {@link standeeLayout}), blocks `blockGap` apart where the page has
 * room, centred on the page.
 */
export function standeeSheets(page: Size, players: number, measurer: TextMeasurer): DrawList[] {
  const { width: w, gap, margin, foot } = STANDEE;
  const L = standeeLayout(page);
  const pitchX = w + gap;
  const pitchY = STANDEE_HEIGHT + gap;
  const gapX = blockGap(page.width - 2 * margin, L.blocksAcross, L.across, pitchX);
  const gapY = blockGap(page.height - 2 * margin - foot, L.blocksDown, L.down, pitchY);
  const usedW = L.blocksAcross * (L.across * pitchX - gap) + (L.blocksAcross - 1) * gapX;
  const usedH = L.blocksDown * (L.down * pitchY - gap) + (L.blocksDown - 1) * gapY;
  const x0 = (page.width - usedW) / 2;
  const y0 = margin + (page.height - 2 * margin - foot - usedH) / 2;
  const count = Math.ceil(players / L.perPage);
  const pages: DrawList[] = [];
  for (let s = 0; s < count; s++) {
    const ops: DrawOp[] = [];
    for (let b = 0; b < L.perPage; b++) {
      const seat = s * L.perPage + b;
      if (seat >= players) break;
      // Blocks fill across, then down; strips inside a block in zodiac order, across then down.
      const bx = b % L.blocksAcross;
      const by = Math.floor(b / L.blocksAcross);
      const left = x0 + bx * (L.across * pitchX - gap + gapX);
      const top = y0 + by * (L.down * pitchY - gap + gapY);
      for (let z = 0; z < ZODIACS.length; z++)
        appendAll(ops, standee(z, seat, roundMm(left + (z % L.across) * pitchX), roundMm(top + Math.floor(z / L.across) * pitchY), measurer));
    }
    const text = `生肖棋子 Zodiac standees · ${s + 1}/${count} · 沿实线剪下，沿虚线折叠，两面背对背粘好，底部两翼向外折 · cut on solid lines, fold on dashed lines, glue the panels back to back, fold the tabs out`;
    ops.push(caption(text, page, measurer));
    pages.push({ width: page.width, height: page.height, bleed: 0, ops });
  }
  return pages;
}
