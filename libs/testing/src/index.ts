export * from './test-database';
export * from './redis-cleanup';
export * from './test-recordings';
export * from './capture-stdout';
export * from './multipart-body';
export * from './test-s3';
export * from './speech-recordings';
export * from './metric-samples';
