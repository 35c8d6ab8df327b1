import { z } from 'zod';
import { DouLaobanKitJob } from './dou-laoban/request';
import { ShisiKitJob } from './dou-shisi/request';
import { MoyuKitJob } from './moyu-wang/request';

/** A card-game kit as the print dialog asks for it over IPC: the game names which kit. */
export const CardKitJob = z.discriminatedUnion('game', [DouLaobanKitJob, MoyuKitJob, ShisiKitJob]);
export type CardKitJob = z.input<typeof CardKitJob>;
