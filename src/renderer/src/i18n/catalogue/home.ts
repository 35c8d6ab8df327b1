/** The Home screen: the project list. */
export const zh = {
  'home.title': '内置游戏',
  'home.intro': '选择一个项目，查看牌组或导出打印文件。',
  'home.cards': '{n} 张牌',
  'home.open': '打开 {name}',
  'home.empty': '还没有项目。',
  'home.builtIn': '内置',
  'home.broken': '无法打开：项目文件有问题',
  'home.brokenHint': '修正下面所说的文件后重新启动程序。',
} as const;

/** English, key for key: a key missing here, or here only, is a type error. */
export const en: Record<keyof typeof zh, string> = {
  'home.title': 'Built-in games',
  'home.intro': 'Pick a project to browse its deck or export print files.',
  'home.cards': '{n} card|{n} cards',
  'home.open': 'Open {name}',
  'home.empty': 'No projects yet.',
  'home.builtIn': 'Built-in',
  'home.broken': 'Cannot be opened: a project file has a problem',
  'home.brokenHint': 'Fix the file named below, then restart the app.',
};
