/** The template editor's expression conditions and per-card template rules. */
export const zh = {
  'expr.when': '显示条件（表达式）',
  'expr.whenHelp': '例如 cost >= 2 and type == "event"；留空则按上面的列决定。',
  'expr.rules': '按规则选择模板',
  'expr.rulesHelp': '“模板”列为空的卡牌，使用第一条成立的规则所指定的模板。',
  'expr.rule.when': '条件',
  'expr.rule.template': '正面模板',
  'expr.rule.back': '背面模板',
  'expr.rule.backDefault': '（不变）',
  'expr.rule.remove': '删除规则',
  'expr.rule.add': '添加规则',
  'expr.rules.save': '保存规则',
  'expr.rules.saved': '规则已保存',
  'expr.rules.readOnly': '内置游戏的规则是只读的。',
} as const;

/** English, key for key: a key missing here, or here only, is a type error. */
export const en: Record<keyof typeof zh, string> = {
  'expr.when': 'Show when (expression)',
  'expr.whenHelp': 'E.g. cost >= 2 and type == "event"; empty: the column above decides.',
  'expr.rules': 'Templates by rule',
  'expr.rulesHelp': 'A card whose “template” cell is empty takes the template of the first rule that holds for it.',
  'expr.rule.when': 'Condition',
  'expr.rule.template': 'Front template',
  'expr.rule.back': 'Back template',
  'expr.rule.backDefault': '(unchanged)',
  'expr.rule.remove': 'Remove rule',
  'expr.rule.add': 'Add rule',
  'expr.rules.save': 'Save rules',
  'expr.rules.saved': 'Rules saved',
  'expr.rules.readOnly': 'A built-in game’s rules are read-only.',
};
