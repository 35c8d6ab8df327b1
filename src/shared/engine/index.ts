/** The game contract, the runner (record, undo, replay, save/load) and headless simulation. */
export * from './types';
export * from './options';
export * from './errors';
export * from './runner';
export * from './save';
export * from './simulate';
