/** 斗十四 Dou Shisi: the engine game, its cards, the win test and the score, options (see README.md). */
export { douShisi, DS_RULES_VERSION, applyDs, legalDs, viewDs, statusDs, startDs, moveKey, type DsView } from './game';
export { cloneState, step, countDealer, nextSeat, claimKey, CLAIM_RANK, type DsState, type DsMove, type DsPhase, type DsClaim, type DsHandResult, type ClaimType } from './state';
export { claimMovesFor, claimPotentials, bestClaim, exchangeMoves } from './claims';
export { pairsUp, winCheck, scoreWin, payWin, ownedCards, type Meld, type MeldType, type WinKind, type WinCheck, type FanItem, type Score } from './rules';
export { cardCode, parseCard, cards, valueOf, rankOf, redOf, redPoints, isRed, isBlack, isJoker, isFourteenPair, deckOf, sortCards, FIRST_JOKER } from './cards';
export { OPTION_INFO, DEFAULT_OPTIONS, parseOptions, playersAllowed, type DsOptions } from './options';
export { DsRecorder, dsRecordLine, dsRecordJson, DS_RECORD_FIELDS, type DsRecord, type DsTranscriptType } from './record';
