export * from './postgres-options';
export * from './run-migrations';
export * from './migrate-cli';
export * from './prepared-query';
