/** Every test tier is a jest project; `npm test` runs them all (see README). */
const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
    module: { type: 'commonjs' },
  },
];
// ESM-only packages that jest must transform to CommonJS.
const esm = ['@middy', 'jose', 'ulid', 'uuid', 'nanoid'].join('|');
const base = {
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esm})/)`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  testEnvironment: 'node',
};

module.exports = {
  // Per-project testTimeout is not honoured by jest 30; slow tiers raise it in their files.
  testTimeout: 30000,
  // Every temporary file of the run lives in one folder, removed at its end (test/support/scratch.ts).
  globalSetup: '<rootDir>/test/support/scratch-setup.ts',
  globalTeardown: '<rootDir>/test/support/scratch-teardown.ts',
  projects: [
    { ...base, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.test.ts'] },
    {
      ...base,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      testTimeout: 30000,
    },
    { ...base, displayName: 'infra', testMatch: ['<rootDir>/test/infra/**/*.test.ts'], testTimeout: 120000 },
    {
      ...base,
      displayName: 'web',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/test/web/**/*.test.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/test/web/setup.ts'],
      // Asset rules first: '@/assets/x.svg' must become the stub, not the file.
      moduleNameMapper: {
        '\\.(css|less)$': '<rootDir>/test/web/style-stub.js',
        '\\.(png|jpe?g|gif|svg|webp|mp4|webm)$': '<rootDir>/test/web/file-stub.js',
        '\\?url$': '<rootDir>/test/web/file-stub.js',
        '^virtual:public-routes$': '<rootDir>/test/web/public-routes-stub.ts',
        '^@/(.*)$': '<rootDir>/web/src/$1',
        '^@shared/(.*)$': '<rootDir>/shared/$1',
      },
    },
    {
      ...base,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      testEnvironment: '<rootDir>/test/support/e2e-environment.ts',
      testTimeout: 120000,
    },
  ],
};
