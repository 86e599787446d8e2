export * from './postgres-options';
export * from './run-migrations';
export * from './migrate-cli';
export * from './unit-of-work';
export * from './prepared-query';
