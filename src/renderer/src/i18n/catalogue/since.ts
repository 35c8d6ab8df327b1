/** "Since your last turn": what the others did, at a hand-over and when a person's turn comes round. */
export const zh = {
  'since.title': '自你上回合以来',
  'since.help': '其他玩家做了什么；牌桌上标出了他们动过的地方。',
  'since.more': '还有 {n} 条，见记录',
  'since.close': '知道了',
  'since.none': '（没有可以告诉你的公开动作）',
} as const;

/** English, key for key: a key missing here, or here only, is a type error. */
export const en: Record<keyof typeof zh, string> = {
  'since.title': 'Since your last turn',
  'since.help': 'What the others did; the table marks what they touched.',
  'since.more': '{n} more in the log',
  'since.close': 'Got it',
  'since.none': '(nothing public to tell you)',
};
