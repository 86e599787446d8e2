export * from './load-config';
export * from './env-types';
