/**
 * What the current thread is working on, for the message of a job stopped over its budget: a
 * worker thread stuck in one layer or one file cannot answer, so the pool reads this from memory
 * the two threads share (see services/workers). A no-op where no sink is set (the main thread,
 * the CLI, tests).
 */
let sink: ((what: string) => void) | undefined;

/** Where `workingOn` writes (set once by a worker's task server). */
export function setWorkingOnSink(fn: ((what: string) => void) | undefined): void {
  sink = fn;
}

/** The things a thread works on. */
export type WorkItem =
  /** Laying out one layer of one card's face. */
  | ['layer', cardId: string, layerId: string, template: string]
  /** Reading, decoding or drawing one file of the project (an image, a font, a spreadsheet). */
  | ['file', path: string];

/** Field separator of an encoded WorkItem. */
export const WORK_ITEM_SEP = '\u0001';

/** Note what this thread starts working on now. Cheap: called per layer of every card. */
export function workingOn(...item: WorkItem): void {
  if (sink) sink(item.join(WORK_ITEM_SEP));
}

/** A WorkItem encoded by `workingOn`, in words of both languages (`card RAT, layer "body" (template front)`). */
export function describeWorkItem(encoded: string): { en: string; zh: string } | undefined {
  const [kind, a = '', b = '', c = ''] = encoded.split(WORK_ITEM_SEP);
  if (kind === 'layer') return { en: `card ${a}, layer "${b}" of template "${c}"`, zh: `牌 ${a} 的模板“${c}”中的图层“${b}”` };
  if (kind === 'file') return { en: `the file ${a}`, zh: `文件 ${a}` };
  return undefined;
}
