/**
 * How big an IPC answer may be. An answer is cloned to the renderer (Electron) or serialised to
 * JSON (browser mode) on the main thread, so a huge one stalls every other request and grows the
 * process by gigabytes: a project's limits keep answers small, and this guard refuses what gets
 * through anyway with a message, instead of sending it.
 */

const MiB = 1024 * 1024;

/** The largest answer of most channels. */
export const MAX_ANSWER_BYTES = 8 * MiB;

/**
 * Channels whose answer carries a project's data or a file, up to that data's own limit: the cards
 * table (a 16 MiB cards.csv), a spreadsheet to import (20 MB), a font's bytes (40 MB), and pages of
 * card previews with their images.
 */
export const ANSWER_LIMITS: Readonly<Record<string, number>> = {
  'projects:cards': 48 * MiB,
  'sheets:preview-import': 48 * MiB,
  'sheets:export': 48 * MiB,
  'projects:font-bytes': 64 * MiB,
  'projects:render': 32 * MiB,
  'projects:render-row': 16 * MiB,
  'templates:images': 32 * MiB,
  'rulebook:render': 32 * MiB,
};

/** The answer limit of `channel`. */
export function answerLimit(channel: string): number {
  return Object.hasOwn(ANSWER_LIMITS, channel) ? ANSWER_LIMITS[channel]! : MAX_ANSWER_BYTES;
}

/**
 * About how many bytes `value` takes as JSON, counted until it passes `limit` (so the cost is
 * bounded by the limit, not by the value): undefined when it is within the limit. Iterative.
 */
export function answerOver(value: unknown, limit: number): number | undefined {
  let bytes = 0;
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') bytes += v.length + 2;
    else if (typeof v === 'number' || typeof v === 'boolean' || v === null || v === undefined) bytes += 6;
    else if (ArrayBuffer.isView(v)) bytes += v.byteLength;
    else if (v instanceof ArrayBuffer) bytes += v.byteLength;
    else if (Array.isArray(v)) {
      bytes += 2 + v.length;
      for (let i = v.length - 1; i >= 0; i--) stack.push(v[i]);
    } else if (typeof v === 'object') {
      const keys = Object.keys(v);
      bytes += 2;
      for (const k of keys) {
        bytes += k.length + 4;
        stack.push((v as Record<string, unknown>)[k]);
      }
    }
    if (bytes > limit) return bytes;
  }
  return undefined;
}

/** The refusal of an answer over its limit, in both languages. */
export function answerTooLarge(channel: string, limit: number): { code: string; message: string; details: { zh: string; limit: number } } {
  const mb = Math.round(limit / MiB);
  return {
    code: 'ipc/answer-too-large',
    message: `${channel}: the answer is over ${mb} MiB, too big to send to the window, so it was not sent. A template or the card data asks for too much (a huge table, thousands of layers); make it smaller and try again.`,
    details: { zh: `${channel}：结果超过 ${mb} MiB，太大，无法发送到窗口，因此没有发送。模板或卡牌数据要求的内容过多（巨大的表格、成千上万个图层）；请缩小后再试。`, limit },
  };
}
