/**
 * The `simulate` part of the command line's help. Seat ranges and search defaults are read from the
 * games and their bots, so the help cannot drift from what the command accepts.
 */
import { DEFAULT_SEARCH as DOUFU_SEARCH } from '../shared/games/doufu/bots';
import { doufu } from '../shared/games/doufu/game';
import { DEFAULT_SEARCH as ZR_SEARCH } from '../shared/games/zodiac-race/bots';
import { zodiacRace } from '../shared/games/zodiac-race/game';

/** The help text of `npm run cli -- simulate`. */
export const SIMULATE_USAGE = `  npm run cli -- simulate <game> [options]
      Headless bot matches with a seeded, reproducible result; prints a summary. <game> is doufu or
      zodiac-race (生肖赛跑: ${zodiacRace.minPlayers}–${zodiacRace.maxPlayers} players, one JSON line per game; rules and team mode via --options,
      e.g. '{"mode":"2teams","target_points":5}'; --mode and --max-hands are doufu only).
      --games N             number of MATCHES to play (a match = hands until one player or team is left;
                            every hand of every match is recorded) (default 100)
      --players N           seats: doufu ${doufu.minPlayers}–${doufu.maxPlayers}, zodiac-race ${zodiacRace.minPlayers}–${zodiacRace.maxPlayers} (default 4)
      --seed S              run seed; match i uses seed "S/i" (default 1)
      --bots B[,B…]         random|heuristic|planner|search, one for all seats or one per seat (default heuristic)
      --mode ffa|2v2        free-for-all or teams (2v2 needs --players 4)
      --options JSON        rule options, e.g. '{"shuangyun_value":1}' (checked by the game's parser)
      --out FILE            write one JSON object per hand (JSONL; via FILE.tmp, renamed when done)
      --summary FILE        also write the summary as JSON
      --workers N           worker threads; the result is identical for any N (default: one per core)
      --max-hands N         stop a match after N hands and count it unfinished (default 1000)
      --search-iterations N sampled worlds per search-bot decision (default: doufu ${DOUFU_SEARCH.iterations},
                            zodiac-race ${ZR_SEARCH.iterations}; reproducible)
      --search-ms MS        time budget per search-bot decision instead (NOT reproducible)`;
