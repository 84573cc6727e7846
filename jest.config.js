/** Two projects: fast unit tests (incl. the simulator's own), and integration through real n8n-core. */
const common = {
	testEnvironment: 'node',
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
	moduleFileExtensions: ['ts', 'js', 'json'],
	setupFiles: ['<rootDir>/test/support/setup.ts'],
};

module.exports = {
	// A bound, not a measure: a test that takes a second alone takes many on a machine busy with other jobs.
	testTimeout: 60_000,
	projects: [
		{
			...common,
			displayName: 'unit',
			testMatch: ['<rootDir>/test/unit/**/*.test.ts', '<rootDir>/test/simulator/**/*.test.ts'],
		},
		{
			...common,
			displayName: 'integration',
			testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
		},
	],
};
