export * from './metrics-config';
export * from './metrics-registry';
export * from './metrics-server';
export * from './queue-depth';
export * from './series';
