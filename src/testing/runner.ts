/**
 * The test functions a conformance suite (`testStore`, `testDnsProvider`, `testHttpAdapter`,
 * `testGeoProvider`, `testIpReputationProvider`, `testEmailReputationProvider`,
 * `testLanguageDetector`) runs with: the ones passed in its third argument, else the globals (vitest with
 * `globals: true`, jest, mocha).
 */
type Hook = (fn: () => Promise<void> | void) => void;

export interface Runner {
  describe?: (name: string, fn: () => void) => void;
  it?: (name: string, fn: () => Promise<void>) => void;
  beforeAll?: Hook;
  afterAll?: Hook;
  beforeEach?: Hook;
  afterEach?: Hook;
}

type Needed<K extends keyof Runner> = { [P in K]-?: NonNullable<Runner[P]> };

/** The functions `names` from `runner` or the globals; throws naming the suite when one is missing. */
export function resolveRunner<K extends keyof Runner>(suite: string, runner: Runner, names: readonly K[]): Needed<K> {
  const g = globalThis as Runner;
  const out = {} as Record<K, unknown>;
  for (const name of names) {
    const fn = runner[name] ?? g[name];
    if (!fn) throw new Error(`${suite}: no global ${names.join('/')}; pass them in the third argument`);
    out[name] = fn;
  }
  return out as Needed<K>;
}
