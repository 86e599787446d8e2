export * from './queue-names';
export * from './job-contracts';
export * from './job-queue';
export * from './queue-wiring';
export * from './periodic-requeue';
export * from './worker-name';
