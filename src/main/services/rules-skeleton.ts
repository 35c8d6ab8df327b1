/**
 * The rules a new blank project starts with, in Chinese and English: the five sections most card
 * games' rules have (components, setup, a turn, the end, scoring), each with a line saying what
 * belongs there, and a figure of the project's first card to show how figures are written.
 */
export function rulesSkeleton(name: { zh: string; en: string }, firstCard: string): { 'rules.zh.md': string; 'rules.en.md': string } {
  const zh = `# 游戏配件 Components

本游戏包含以下配件（数量和每张牌的作用）：

![](card:${firstCard} "30%")

# 游戏准备 Setup

说明开始游戏前如何洗牌、发牌、摆放配件，以及谁先开始。

# 回合流程 Turn

说明一个回合里玩家依次做什么。

1. 第一步。
2. 第二步。

> **例** 举一个回合的例子。

# 游戏结束 End

说明游戏在什么时候结束。

# 计分 Scoring

说明如何计分、谁获胜、平局怎么办。
`;
  const en = `# Components

${name.en} contains these components (how many of each, and what each card does):

![](card:${firstCard} "30%")

# Setup

How to shuffle, deal and lay out the components before play, and who goes first.

# Turn

What a player does on their turn, in order.

1. First step.
2. Second step.

> **Example** A turn played out.

# End

When the game ends.

# Scoring

How points are counted, who wins, and what happens on a tie.
`;
  return { 'rules.zh.md': zh, 'rules.en.md': en };
}
