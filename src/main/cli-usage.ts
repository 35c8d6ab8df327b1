/**
 * The `simulate` and `balance` parts of the command line's help. Seat ranges and search defaults are read from the
 * games and their bots, so the help cannot drift from what the command accepts.
 */
import { DEFAULT_SEARCH as DOUFU_SEARCH } from '../shared/games/doufu/bots';
import { doufu } from '../shared/games/doufu/game';
import { DEFAULT_SEARCH as ZR_SEARCH } from '../shared/games/zodiac-race/bots';
import { zodiacRace } from '../shared/games/zodiac-race/game';
import { DEFAULT_DL_SEARCH } from '../shared/games/dou-laoban/bots';
import { DEFAULT_MW_SEARCH } from '../shared/games/moyu-wang/bots';
import { DEFAULT_DS_SEARCH } from '../shared/games/dou-shisi/bots';
import { douShisi } from '../shared/games/dou-shisi/game';
import { KIT_USAGE } from './cli-kit';
import { DL_KIT_USAGE } from './cli-dl-kit';
import { MW_KIT_USAGE } from './cli-mw-kit';
import { DS_KIT_USAGE } from './cli-ds-kit';

/** The help text of `npm run cli -- simulate`. */
export const SIMULATE_USAGE = `  npm run cli -- simulate <game> [options]
      Headless bot matches with a seeded, reproducible result; prints a summary. <game> is doufu,
      zodiac-race (生肖赛跑: ${zodiacRace.minPlayers}–${zodiacRace.maxPlayers} players, one JSON line per game; rules and team mode via --options,
      e.g. '{"mode":"2teams","target_points":5}'; --mode and --max-hands are doufu only) or
      dou-laoban (斗老闆: 3 players, --games matches of options.deals deals (default 6), one JSON
      line per deal, redeals included; bots random|heuristic|search; rules via --options, e.g.
      '{"deals":1,"rob":true}'), moyu-wang (摸鱼王: 2–9 players, one JSON line per game; bots
      random|heuristic|search; rules via --options, e.g. '{"roles":true}') or dou-shisi (斗十四:
      ${douShisi.minPlayers}–${douShisi.maxPlayers} players, 6 only with '{"jokers":6}'; --games matches of options.hands hands (default 4),
      one JSON line per hand; bots random|heuristic|search; rules via --options, e.g. '{"hands":1,"piao":true}').
      --games N             number of MATCHES to play (a match = hands until one player or team is left;
                            every hand of every match is recorded) (default 100)
      --players N           seats: doufu ${doufu.minPlayers}–${doufu.maxPlayers}, zodiac-race ${zodiacRace.minPlayers}–${zodiacRace.maxPlayers}, dou-laoban 3, moyu-wang 2–9, dou-shisi ${douShisi.minPlayers}–${douShisi.maxPlayers}
                            (default 4; 3 for dou-laoban)
      --seed S              run seed; match i uses seed "S/i" (default 1)
      --bots B[,B…]         random|heuristic|planner|search, one for all seats or one per seat (default heuristic)
      --mode ffa|2v2        free-for-all or teams (2v2 needs --players 4)
      --options JSON        rule options, e.g. '{"shuangyun_value":1}' (checked by the game's parser)
      --out FILE            write one JSON object per hand (JSONL; via FILE.tmp, renamed when done)
      --summary FILE        also write the summary as JSON
      --workers N           worker threads; the result is identical for any N (default: one per core)
      --max-hands N         stop a match after N hands and count it unfinished (default 1000)
      --search-iterations N sampled worlds per search-bot decision (default: doufu ${DOUFU_SEARCH.iterations},
                            zodiac-race ${ZR_SEARCH.iterations}; dou-laoban: playouts, ${DEFAULT_DL_SEARCH.playouts};
                            moyu-wang: playouts, ${DEFAULT_MW_SEARCH.playouts}; dou-shisi: sampled worlds, ${DEFAULT_DS_SEARCH.worlds});
                            reproducible
      --search-ms MS        time budget per search-bot decision instead (NOT reproducible)`;

/** The help text of `npm run cli -- balance` and `balance merge`. */
export const BALANCE_USAGE = `  npm run cli -- balance <game> [--options A.json|JSON] [--vs B.json|JSON] [--games N] [--players N]
                          [--bots B[,B…]] [--rotate] [--seed S] [--shard K/N] [--workers N] [--search-iterations N]
                          [--json FILE] [--csv FILE] [--jsonl FILE] [--report FILE] [--lang zh|en]
      Bot games on every core with the lab's statistics: win rate by seat (Wilson intervals), a
      first-player verdict, lengths, scores and margins, counter use with win lift, bot matrix.
      --vs plays every game also under option set B on the same seed (paired A/B). B is a whole
      option set, not a change to A: an option B leaves out takes the game's default, not A's.
      --json writes the whole result with the run's settings and sums (what merge reads), --csv its
      aggregates (one row per number), --jsonl every game played (one line each).
      --report FILE         the PDF report: settings, every plot as vectors, the numbers beside them,
                            in --lang zh or en (default en); --pdf FILE is the same flag
      --shard K/N           play only the K-th of N contiguous ranges of the --games game indices,
                            K counted from 0 to N−1 (as Kubernetes' $JOB_COMPLETION_INDEX; with GNU
                            parallel, feed it seq 0 N−1); every other flag the same on every shard,
                            each with its own --json FILE (required) for merge
  npm run cli -- balance merge SHARD.json… [--json FILE] [--csv FILE] [--report FILE] [--lang zh|en]
      Checks the files are all N shards of one run (same settings, each shard once, each finished)
      and adds their sums up: prints and writes exactly what one run on the same seeds gives (the
      shards' --jsonl files, concatenated in shard order, are that run's JSONL). Given one run's
      --json, writes its CSV or report again.`;

/** The whole help of `npm run cli`. */
export const USAGE = `Fuqi Workshop command line

  npm run cli -- list [<project>]
      The built-in projects and yours (id, name, cards, folder); with a project, its cards.

  npm run cli -- new <folder> [options]
      A new project in a new folder: a blank one (poker-size cards, a front with a title and
      text, a back, three example cards), or a copy of another project.
      --from PROJECT        copy this project (an id such as doufu, or a folder) instead
      --name NAME           the project's name (default: the folder's name)

  <project> is a project id (doufu, or a u-… id of yours as list shows it) or a project folder.
  Your projects live in ~/Documents/Fuqi Workshop/projects (FUQI_PROJECTS_DIR overrides).

  npm run cli -- import <project> <file.csv|file.xlsx> [options]
      Import card data: columns are matched by header, rows by id; prints what changes, then
      writes the project's cards.csv (atomically). Rows and columns the file lacks are kept.
      --sheet NAME          the XLSX sheet to read (default: the first)
      --remove-missing      also remove the rows and columns the file does not have
      --dry-run             only print what would change

  npm run cli -- export-data <project> --format csv|xlsx --out FILE
      The project's card data as a CSV (UTF-8) or XLSX file.
      --overwrite           replace an existing FILE

  npm run cli -- export <project> [options]
      Print-and-play PDF (and optional per-card PNGs and a Tabletop Simulator sheet), exactly as the app exports it.
      --out FILE            PDF to write (default <project>.pdf)
      --paper a4|letter|a3|tabloid   paper (default a4)
      --orientation auto|portrait|landscape   which way round the sheets print; auto keeps crop marks
                            on white inside the margin when either way can, and says what to change when neither can (default auto)
      --duplex none|long|short   backs: none, long-edge flip or short-edge flip (default long)
      --bleed MM            bleed around every card, 0–6 (default 3)
      --margin MM           border your printer cannot print; cards, marks and the foot line stay inside it (default 5)
      --gutter auto|MM      space between cards: auto gives inner cuts bleed when the paper allows; 0 butts them (default auto)
      --marks crop|lines|none    crop marks, full cut lines or nothing (default crop)
      --card-code           print each card's id and variant (e.g. 1/2) as a tiny print-shop code on its face
      --card-size project|poker|poker-in|bridge|mini|tarot|square   (default project)
      --offset-x MM --offset-y MM   shift back pages to correct your printer (default 0)
      --no-calibration      leave out the calibration page
      --cards ID,ID,…       only these cards
      --copies N            N copies of each selected card instead of the set's counts
      --png DIR             also write one PNG per card face (300 DPI, with bleed) into DIR
      --png-preset P        per-card PNGs (with --png): 300dpi (the card at 300 DPI), poker-825x1125,
                            makeplayingcards-poker / printerstudio-poker (822 × 1122 px, front-001.png…),
                            thegamecrafter-poker (825 × 1125 px); README "Print shops" has their numbers
      --tts FILE            also write Tabletop Simulator deck sheets (and FILE-back.png); cards with another back
                            (斗福's reference cards) get their own sheet, FILE-<back>.png
      --accept-preflight    export even when preflight finds errors
      --overwrite           replace existing output files (in a --png folder only the files written)

${KIT_USAGE}

${DL_KIT_USAGE}

${MW_KIT_USAGE}

${DS_KIT_USAGE}

  npm run cli -- rulebook <project> [options]
      The rulebook, typeset from the project's Markdown sources.
      --lang zh|en          language (default zh)
      --paper a4|a5|letter|half-letter  page size (default a5; A4 and Letter are set in two columns)
      --booklet             saddle-stitch booklet: pages in fold order, two per side of A4 / A3 / Tabloid / Letter
      --out FILE            PDF to write (default <project>-rules-<lang>.pdf)
      --overwrite           replace an existing FILE

${SIMULATE_USAGE}
${BALANCE_USAGE}

Relative paths (--out, --png, --tts, --summary) are taken from the folder you run the command in.
Any failure prints one line "error: …" and exits with code 2 (FUQI_DEBUG=1 adds the stack trace).

Examples:
  npm run cli -- simulate doufu --players 4 --games 10000 --seed 1 --bots heuristic --out runs.jsonl --workers 2
  npm run cli -- simulate doufu --players 4 --games 200 --bots random,heuristic,search,heuristic
  npm run cli -- simulate zodiac-race --players 4 --games 1000 --seed 1 --bots heuristic --out zr.jsonl --workers 2
  npm run cli -- simulate dou-laoban --games 10000 --seed 1 --bots random --options '{"deals":1}' --out dl.jsonl --workers 2
  npm run cli -- simulate dou-laoban --games 100 --bots search,heuristic,heuristic
  npm run cli -- simulate moyu-wang --games 10000 --players 4 --bots random --out mw.jsonl --workers 2
  npm run cli -- simulate dou-shisi --games 1000 --seed 1 --bots random --options '{"hands":1}' --out ds.jsonl --workers 2
  npm run cli -- export doufu --paper a4 --duplex long --out doufu.pdf
  npm run cli -- new my-game --from doufu --name "My Dou Fu"
  npm run cli -- import ./my-game cards.xlsx --sheet 卡牌 --dry-run
  npm run cli -- export ./my-game --out my-game.pdf
  npm run cli -- rulebook doufu --lang zh --paper a5 --out doufu-rules.pdf
  npm run cli -- export zodiac-race-kit --paper a4 --out zodiac-race-kit.pdf
  npm run cli -- export dou-laoban-kit --paper letter --out dou-laoban-kit.pdf
  npm run cli -- rulebook dou-laoban --lang zh --paper a4 --out dou-laoban-rules.pdf
  npm run cli -- export moyu-wang-kit --paper letter --out moyu-wang-kit.pdf
  npm run cli -- rulebook moyu-wang --lang en --paper a4 --out moyu-wang-rules.pdf
  npm run cli -- export dou-shisi-kit --paper a3 --out dou-shisi-kit.pdf
  npm run cli -- rulebook dou-shisi --lang zh --paper a4 --out dou-shisi-rules.pdf
  npm run cli -- export doufu --paper letter --duplex short --bleed 3 --png cards/ --tts doufu-tts.png
`;
