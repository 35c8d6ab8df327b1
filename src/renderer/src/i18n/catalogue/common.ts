/** The app shell (name, navigation bar, language switch) and words shared by every screen. */
export const zh = {
  'app.name': '福器工坊',

  'nav.main': '主导航',
  'nav.home': '首页',
  'nav.data': '数据',
  'nav.deck': '牌组',
  'nav.template': '模板',
  'nav.print': '打印',
  'nav.rulebook': '规则书',
  'nav.table': '牌桌',
  'nav.balance': '平衡',

  'lang.label': '界面语言',

  'common.loading': '加载中…',
  'common.retry': '重试',
  'common.close': '关闭',
  'common.error': '出错了：{message}',
  'common.range': '请输入 {min} 到 {max} 之间的数',
} as const;

/** English, key for key: a key missing here, or here only, is a type error. */
export const en: Record<keyof typeof zh, string> = {
  'app.name': 'Fuqi Workshop',

  'nav.main': 'Main navigation',
  'nav.home': 'Home',
  'nav.data': 'Data',
  'nav.deck': 'Deck',
  'nav.template': 'Template',
  'nav.print': 'Print',
  'nav.rulebook': 'Rulebook',
  'nav.table': 'Table',
  'nav.balance': 'Balance',

  'lang.label': 'Interface language',

  'common.loading': 'Loading…',
  'common.retry': 'Retry',
  'common.close': 'Close',
  'common.error': 'Something went wrong: {message}',
  'common.range': 'Enter a number from {min} to {max}',
};
