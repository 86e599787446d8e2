/** API and unit tests of the Nest services and libs, and the deployment files' tests (test/deploy); the web app uses Vitest, the browser tests their own config. */
module.exports = {
  testEnvironment: 'node',
  rootDir: '.',
  roots: ['<rootDir>/services', '<rootDir>/libs', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
  moduleNameMapper: {
    '^@app/(config|contracts|database|http|metrics|queue|redis|session-views|storage|testing)$':
      '<rootDir>/libs/$1/src',
  },
  testTimeout: 30000,
};
