export * from './load-config';
export * from './env-types';
export * from './service-config';
export * from './key-list';
