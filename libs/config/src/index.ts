export * from './load-config';
export * from './env-types';
export * from './service-config';
export * from './key-list';
export * from './offline-defaults';
export * from './server-timeouts';
