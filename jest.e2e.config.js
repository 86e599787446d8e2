/** Browser tests: the built app served by the real gateway, driven through Debian's Chromium. */
module.exports = {
  testEnvironment: 'node',
  rootDir: '.',
  roots: ['<rootDir>/e2e'],
  testMatch: ['**/*.e2e.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'e2e/tsconfig.json' }] },
  moduleNameMapper: {
    '^@app/(config|contracts|database|http|metrics|queue|redis|session-views|storage|testing)$':
      '<rootDir>/libs/$1/src',
  },
  testTimeout: 60000,
  maxWorkers: 2,
};
