/**
 * Card faces put in the page a batch per animation frame, and none while a card is carried.
 *
 * A face is an inline SVG of dozens of nodes with shaped text: drawing the 300 faces of a free
 * area at once (the deck's faces landing a moment after the table opened, or a card edited in
 * the grid) is one long task of parsing, style and layout — about half a second in Chromium —
 * and if it comes while a card is carried it lands on the drop. Queued, each frame draws as many
 * faces as the last frames had room for (fewer when a frame ran long, more when it was quick), so
 * the table fills in over a few frames and a drag or a drop never waits for it.
 */

type Job = () => void;

const MIN_BATCH = 2;
const MAX_BATCH = 64;
/** A frame that took longer than this (ms, from one animation frame to the next) halves the next batch; a quicker one grows it by 2. */
const SLOW_FRAME = 24;

const jobs = new Set<Job>();
/** Faces a frame may draw: grows after a quick frame, halves after a slow one (a face costs 1–7 ms of layout in Chromium, by the machine's load). */
let batch = 4;
/** Faces drawn since the last frame began. */
let spent = 0;
let held = false;
let scheduled = false;
let last = 0;

const hasFrames = () => typeof requestAnimationFrame === 'function';

function frame(now: number): void {
  scheduled = false;
  spent = 0;
  if (held) return;
  if (last) batch = now - last > SLOW_FRAME ? Math.max(MIN_BATCH, batch >> 1) : Math.min(MAX_BATCH, batch + 2);
  for (const job of jobs) {
    if (spent >= batch) break;
    jobs.delete(job);
    spent++;
    job();
  }
  last = jobs.size ? now : 0;
  if (jobs.size) wake();
}

function wake(): void {
  if (scheduled) return;
  scheduled = true;
  requestAnimationFrame(frame);
}

/**
 * Draw a face: at once while this frame has room (a card moved, a card flipped), else in a coming
 * frame; answers a cancel (the card went away, or wants another face first). Without animation
 * frames (tests) it runs at once.
 */
export function queueFace(job: Job): () => void {
  if (!hasFrames()) {
    job();
    return () => {};
  }
  if (!held && !jobs.size && spent < batch) {
    spent++;
    wake();
    job();
    return () => {};
  }
  jobs.add(job);
  if (!held) wake();
  return () => void jobs.delete(job);
}

/** Hold the faces waiting while a card is carried (true); after the drop (false) they are drawn again, from the frame after the drop's. */
export function holdFaces(on: boolean): void {
  held = on;
  if (on || !hasFrames()) return;
  spent = 0;
  last = 0;
  batch = MIN_BATCH;
  requestAnimationFrame(() => jobs.size && wake());
}

/** Faces waiting to be drawn (for tests and the bench). */
export const facesWaiting = (): number => jobs.size;
