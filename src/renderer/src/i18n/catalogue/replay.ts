/** The replay bar at the Table. */
export const zh = {
  'replay.title': '回放',
  'replay.first': '回到开头',
  'replay.prev': '上一步',
  'replay.next': '下一步',
  'replay.last': '到最后',
  'replay.play': '自动播放',
  'replay.step': '步数',
  'replay.position': '第 {step} / {total} 步',
  'replay.viewAs': '视角',
  'replay.public': '公开（不看手牌）',
  'replay.branch': '从这里继续',
  'replay.branchHelp': '丢弃这一步之后的所有操作，从这里接着打（设计者工具）。',
  'replay.exit': '回到牌桌',
} as const;

/** English, key for key: a key missing here, or here only, is a type error. */
export const en: Record<keyof typeof zh, string> = {
  'replay.title': 'Replay',
  'replay.first': 'To the start',
  'replay.prev': 'Previous move',
  'replay.next': 'Next move',
  'replay.last': 'To the end',
  'replay.play': 'Play',
  'replay.step': 'Move',
  'replay.position': 'Move {step} of {total}',
  'replay.viewAs': 'View as',
  'replay.public': 'Public (no hands)',
  'replay.branch': 'Play on from here',
  'replay.branchHelp': 'Drop every move after this one and play on from here (a designer tool).',
  'replay.exit': 'Back to the table',
};
