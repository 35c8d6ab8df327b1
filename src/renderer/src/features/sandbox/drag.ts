/**
 * Dragging cards on the sandbox table with pointer events (mouse, pen and touch alike): the card
 * follows the pointer by a transform only (no layout while it moves, so a table of hundreds of
 * cards keeps its frame rate), and on release the zone under the pointer (`data-zone`) and the
 * place in it are answered (null: dropped nowhere, or the pointer was lost). A press that barely
 * moved is a click.
 */

/** Screen pixels per millimetre of a free area (cards lie at x/y in mm from its top left). */
export const PX_PER_MM = 1.2;

/** Where a drag ended: a zone and, in a free area, the card's top left in mm. */
export interface DropAt {
  zone: string;
  x?: number;
  y?: number;
}

const CLICK_PX = 5;

export function startDrag(e: PointerEvent, el: HTMLElement, done: (drop: DropAt | null, clicked: boolean) => void): void {
  if (e.button !== 0) return;
  e.preventDefault();
  const sx = e.clientX;
  const sy = e.clientY;
  const rect = el.getBoundingClientRect();
  const grabX = sx - rect.left;
  const grabY = sy - rect.top;
  let moved = false;
  el.setPointerCapture?.(e.pointerId);
  const move = (ev: PointerEvent): void => {
    const dx = ev.clientX - sx;
    const dy = ev.clientY - sy;
    if (!moved && Math.hypot(dx, dy) < CLICK_PX) return;
    if (!moved) {
      moved = true;
      el.classList.add('dragging');
    }
    el.style.translate = `${dx}px ${dy}px`;
  };
  const up = (ev: PointerEvent): void => {
    el.removeEventListener('pointermove', move);
    el.removeEventListener('pointerup', up);
    el.removeEventListener('pointercancel', cancel);
    el.releasePointerCapture?.(ev.pointerId);
    el.style.translate = '';
    el.classList.remove('dragging');
    if (!moved) return done(null, true);
    done(dropAt(ev.clientX, ev.clientY, grabX, grabY, el), false);
  };
  const cancel = (ev: PointerEvent): void => {
    moved = false;
    el.style.translate = '';
    el.classList.remove('dragging');
    el.removeEventListener('pointermove', move);
    el.removeEventListener('pointerup', up);
    el.removeEventListener('pointercancel', cancel);
    el.releasePointerCapture?.(ev.pointerId);
    done(null, false);
  };
  el.addEventListener('pointermove', move);
  el.addEventListener('pointerup', up);
  el.addEventListener('pointercancel', cancel);
}

/** The zone under a point, and where in it the dragged card's top left lands. */
export function dropAt(x: number, y: number, grabX: number, grabY: number, dragged?: HTMLElement): DropAt | null {
  const under = document.elementsFromPoint(x, y).find((n) => n !== dragged && !dragged?.contains(n) && n instanceof HTMLElement && n.closest('[data-zone]'));
  const zoneEl = (under as HTMLElement | undefined)?.closest<HTMLElement>('[data-zone]');
  if (!zoneEl) return null;
  const zone = zoneEl.dataset.zone!;
  if (zoneEl.dataset.layout !== 'free') return { zone };
  const r = zoneEl.getBoundingClientRect();
  const mm = (px: number) => Math.max(0, Math.round((px / PX_PER_MM) * 10) / 10);
  return { zone, x: mm(x - r.left - grabX + zoneEl.scrollLeft), y: mm(y - r.top - grabY + zoneEl.scrollTop) };
}
