/**
 * Whether an element is near the window (within a screen's margin), from one IntersectionObserver
 * shared by every card on the table: a card's face (dozens of SVG nodes) is put in the page only
 * when it could be seen, so a table of hundreds of cards lays out the faces in sight, not all.
 */
const watchers = new WeakMap<Element, (near: boolean) => void>();
let observer: IntersectionObserver | null = null;

function shared(): IntersectionObserver | null {
  if (observer || typeof IntersectionObserver === 'undefined') return observer;
  observer = new IntersectionObserver(
    (entries) => {
      for (const e of entries) watchers.get(e.target)?.(e.isIntersecting);
    },
    { rootMargin: '400px' },
  );
  return observer;
}

/** Call `set` with whether `el` is near the window, now and whenever that changes; returns the stop. */
export function watchNear(el: Element, set: (near: boolean) => void): () => void {
  const io = shared();
  if (!io) {
    set(true);
    return () => {};
  }
  watchers.set(el, set);
  io.observe(el);
  return () => {
    io.unobserve(el);
    watchers.delete(el);
  };
}
