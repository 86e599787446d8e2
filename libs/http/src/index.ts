export * from './api-error.filter';
export * from './api.exception';
export * from './json-body-parser';
export * from './logger-options';
export * from './too-many-requests.exception';
export * from './zod-body.pipe';
export * from './readiness';
