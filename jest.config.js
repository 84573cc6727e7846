/** Two projects: fast unit tests (incl. the simulator's own), and integration through real n8n-core. */
const common = {
	testEnvironment: 'node',
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
	moduleFileExtensions: ['ts', 'js', 'json'],
	setupFiles: ['<rootDir>/test/support/setup.ts'],
};

module.exports = {
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
