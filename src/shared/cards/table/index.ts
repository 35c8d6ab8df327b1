/** The card table: data model, edit commands, history, views, validation and the TSV clipboard. */
export * from './table';
export * from './commands';
export * from './history';
export * from './view';
export * from './validate';
export * from './tsv';
export * from './diff';
export * from './replace';
export * from './patch';
