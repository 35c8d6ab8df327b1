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
      --vs plays every game also under option set B on the same seed (paired A/B).
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
