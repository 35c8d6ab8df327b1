/**
 * The table's rule tips: one floating panel for the whole table (RuleTip.svelte) and an action
 * that makes any element explain itself — on pointer hover after a short rest, at once on
 * keyboard focus; gone on leave, blur, a click elsewhere or Escape. The element points at the
 * panel with `aria-describedby` while it shows, so a screen reader reads the rule too.
 */
import type { Tip } from './model/tips';

/** The panel's id (one per window). */
export const TIP_ID = 'zr-rule-tip';
/** How long the pointer rests before a tip shows (ms); focus shows it at once. */
const REST_MS = 350;

class TipLayer {
  /** The tip shown and where: the anchor's box in viewport pixels. */
  shown = $state.raw<{ tip: Tip; box: DOMRect } | null>(null);
  #owner: Element | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** The element whose tip waits for its rest time. */
  #pending: Element | null = null;

  show(owner: Element, tip: Tip, delay = 0): void {
    clearTimeout(this.#timer);
    this.#pending = owner;
    const go = () => {
      this.#owner?.removeAttribute('aria-describedby');
      this.#owner = owner;
      owner.setAttribute('aria-describedby', TIP_ID);
      this.shown = { tip, box: owner.getBoundingClientRect() };
    };
    // Never at once: focus and pointer events also fire while Svelte updates the page (a focused
    // button removed), where state must not change.
    this.#timer = setTimeout(go, delay);
  }

  hide(owner?: Element): void {
    if (owner && owner !== this.#owner && owner !== this.#pending) return;
    clearTimeout(this.#timer);
    if (owner && owner !== this.#owner) return;
    this.#owner?.removeAttribute('aria-describedby');
    this.#owner = null;
    this.shown = null;
  }
}

/** The one tip layer. */
export const tips = new TipLayer();

/**
 * `use:ruleTip={tip}`: the element explains itself with `tip` (nothing when null). The tip id is
 * kept on the element as `data-tip` (tests and the reference drawer find elements by it).
 */
export function ruleTip(node: HTMLElement | SVGElement, tip: Tip | null) {
  let current = tip;
  const mark = () => (current ? node.setAttribute('data-tip', current.id) : node.removeAttribute('data-tip'));
  mark();
  const enter = () => current && tips.show(node, current, REST_MS);
  // Only the keyboard's focus: a click also focuses a button or a lit piece, and its tip would then
  // cover the table right after the choice was made.
  const focus = () => current && node.matches(':focus-visible') && tips.show(node, current);
  const leave = () => queueMicrotask(() => tips.hide(node));
  const key = (e: Event) => (e as KeyboardEvent).key === 'Escape' && tips.hide(node);
  node.addEventListener('pointerenter', enter);
  node.addEventListener('focusin', focus);
  node.addEventListener('pointerleave', leave);
  node.addEventListener('focusout', leave);
  node.addEventListener('pointerdown', leave);
  node.addEventListener('keydown', key);
  return {
    // Svelte calls these while it updates the page, where changing state is not allowed: the tip
    // goes away right after.
    update(next: Tip | null) {
      current = next;
      mark();
      if (!next) queueMicrotask(() => tips.hide(node));
    },
    destroy() {
      queueMicrotask(() => tips.hide(node));
      node.removeEventListener('pointerenter', enter);
      node.removeEventListener('focusin', focus);
      node.removeEventListener('pointerleave', leave);
      node.removeEventListener('focusout', leave);
      node.removeEventListener('pointerdown', leave);
      node.removeEventListener('keydown', key);
    },
  };
}
