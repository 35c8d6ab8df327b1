import { z } from 'zod';
import { MoyuKitRequest } from '../moyu-wang/request';

/** A request for the 斗十四 print-and-play kit: paper, orientation, duplex and calibration, as for every card kit (one part, so no parts list). */
export const ShisiKitRequest = MoyuKitRequest.omit({ parts: true });
export type ShisiKitRequest = z.input<typeof ShisiKitRequest>;
export type ShisiKitRequestResolved = z.output<typeof ShisiKitRequest>;

/** The request as the print dialog sends it over IPC: the game named, so it is told from the other kits'. */
export const ShisiKitJob = ShisiKitRequest.extend({ game: z.literal('dou-shisi') });
export type ShisiKitJob = z.input<typeof ShisiKitJob>;
