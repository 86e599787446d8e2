export * from './object-storage';
export * from './local-directory-storage';
