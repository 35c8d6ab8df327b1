/**
 * Carrying a card on a seat's device with pointer events (a finger, a mouse or a pen): the card
 * follows the pointer by a transform only, and on release the zone under the pointer is answered
 * (the host table's `dropAt`: the nearest `[data-zone]`); a press that barely moved is a tap. A
 * phone shows one screen of a long page, so while the card is held near the top or bottom edge
 * the page scrolls under it (the card stays under the finger), and any zone can be reached.
 */
import { dropAt, type DropAt } from '../../features/sandbox/drag';

/** A press that moved less than this (px) is a tap; a finger wobbles more than a mouse. */
const TAP_PX = 8;
/** Within this distance of the window's top or bottom edge (px), the page scrolls. */
export const EDGE_PX = 56;
/** The fastest scroll (px a frame), at the very edge. */
const MAX_SPEED = 14;

export function carryCard(e: PointerEvent, el: HTMLElement, done: (drop: DropAt | null, tapped: boolean) => void): void {
  if (e.button !== 0) return;
  e.preventDefault();
  const page = document.scrollingElement ?? document.documentElement;
  const sx = e.clientX;
  const sy = e.clientY;
  const top0 = page.scrollTop;
  let x = sx;
  let y = sy;
  let moved = false;
  let frame = 0;
  el.setPointerCapture?.(e.pointerId);
  const place = (): void => {
    el.style.translate = `${x - sx}px ${y - sy + (page.scrollTop - top0)}px`;
  };
  const scroll = (): void => {
    frame = 0;
    if (!moved) return;
    const h = window.innerHeight;
    const by = y < EDGE_PX ? -Math.ceil(((EDGE_PX - y) / EDGE_PX) * MAX_SPEED) : y > h - EDGE_PX ? Math.ceil(((y - (h - EDGE_PX)) / EDGE_PX) * MAX_SPEED) : 0;
    if (by) {
      const before = page.scrollTop;
      page.scrollTop = before + by;
      if (page.scrollTop !== before) place();
    }
    frame = requestAnimationFrame(scroll);
  };
  const move = (ev: PointerEvent): void => {
    x = ev.clientX;
    y = ev.clientY;
    if (!moved && Math.hypot(x - sx, y - sy) < TAP_PX) return;
    if (!moved) {
      moved = true;
      el.classList.add('dragging');
      frame = requestAnimationFrame(scroll);
    }
    place();
  };
  const end = (ev: PointerEvent, cancelled: boolean): void => {
    el.removeEventListener('pointermove', move);
    el.removeEventListener('pointerup', up);
    el.removeEventListener('pointercancel', cancel);
    el.releasePointerCapture?.(ev.pointerId);
    if (frame) cancelAnimationFrame(frame);
    el.style.translate = '';
    el.classList.remove('dragging');
    if (cancelled) return done(null, false);
    if (!moved) return done(null, true);
    done(dropAt(ev.clientX, ev.clientY, 0, 0, el), false);
  };
  const up = (ev: PointerEvent): void => end(ev, false);
  const cancel = (ev: PointerEvent): void => end(ev, true);
  el.addEventListener('pointermove', move);
  el.addEventListener('pointerup', up);
  el.addEventListener('pointercancel', cancel);
}
