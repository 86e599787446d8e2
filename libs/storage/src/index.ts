export * from './object-storage';
export * from './local-directory-storage';
export * from './key-ring';
export * from './scope-keys';
export { EnvelopeError } from './envelope-format';
export * from './encrypted-storage';
export * from './s3-storage';
export * from './storage-config';
