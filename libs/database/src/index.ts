export * from './postgres-options';
export * from './run-migrations';
