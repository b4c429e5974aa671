// What a scenario is: its figures, an optional one-time preparation, and one measured run.

/**
 * @typedef {object} Figure
 * @property {string} key  the name in results JSON
 * @property {string} label  what the table calls it
 * @property {import('../lib/format.js').Unit} unit
 */

/**
 * @typedef {object} Common
 * @property {number} reps
 * @property {number} deadlineMs  a run that takes longer is recorded as "timeout"
 */

/**
 * @template Plan, Fixture
 * @typedef {object} RunContext
 * @property {import('../drivers/driver.js').Driver} driver
 * @property {import('../lib/bench-env.js').BenchEnvironment} benchEnv
 * @property {import('../lib/scope.js').Scope} scope  stops what the run started
 * @property {Plan & Common} plan
 * @property {Fixture} fixture  what prepare() made
 */

/**
 * @template Plan, Fixture
 * @typedef {object} Scenario
 * @property {string} name  what --only selects
 * @property {(plan: Plan & Common) => string} title
 * @property {readonly Figure[]} figures
 * @property {(setup: { benchEnv: import('../lib/bench-env.js').BenchEnvironment, plan: Plan & Common }) => Fixture | Promise<Fixture>} [prepare]
 * @property {(context: RunContext<Plan, Fixture>) => Promise<Record<string, number>>} run
 * @property {string} [note]  printed under the table: how to read it
 */

export {};
