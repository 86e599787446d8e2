export * from './test-database';
export * from './redis-cleanup';
