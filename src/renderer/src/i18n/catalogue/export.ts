/** The export panel shared by Print and Rulebook: progress, cancel and the finished files. */
export const zh = {
  'export.pdf': '导出 PDF',
  'export.exporting': '正在导出… {pct}',
  'export.cancel': '取消',
  'export.cancelled': '导出已取消。',
  'export.failed': '导出失败：{message}',
  'export.done': '导出完成',
  'export.file.pdf': 'PDF',
  'export.file.png-dir': 'PNG 文件夹',
  'export.file.tts': 'TTS 牌组图',
  'export.pages': '{n} 页',
  'export.showInFolder': '在文件夹中显示',
  'export.browserHint': '浏览器模式无法打开文件管理器，文件已保存在上面的路径。',
  'export.copyPath': '复制路径',
  'export.copied': '已复制',
  'export.again': '再次导出',
  'export.changeOptions': '改选项',
} as const;

/** English, key for key: a key missing here, or here only, is a type error. */
export const en: Record<keyof typeof zh, string> = {
  'export.pdf': 'Export PDF',
  'export.exporting': 'Exporting… {pct}',
  'export.cancel': 'Cancel',
  'export.cancelled': 'Export cancelled.',
  'export.failed': 'Export failed: {message}',
  'export.done': 'Export finished',
  'export.file.pdf': 'PDF',
  'export.file.png-dir': 'PNG folder',
  'export.file.tts': 'TTS deck sheet',
  'export.pages': '{n} page|{n} pages',
  'export.showInFolder': 'Show in folder',
  'export.browserHint': 'In browser mode the file manager cannot be opened; the file is saved at the path above.',
  'export.copyPath': 'Copy path',
  'export.copied': 'Copied',
  'export.again': 'Export again',
  'export.changeOptions': 'Change options',
};
