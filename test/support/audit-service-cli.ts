/**
 * Runs the stand-in audit service by hand:
 *   node test/support/audit-service-cli.ts --port 0 [--dialect enveloped] [--polls 2] [--base-path /api] [--fail "message"]
 * Prints the base URL and both keys, then serves until interrupted.
 */
import { parseArgs } from 'node:util';
import { DIALECTS, startAuditService, type Dialect } from './audit-service.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    dialect: { type: 'string', default: 'documented' },
    polls: { type: 'string', default: '2' },
    'base-path': { type: 'string', default: '' },
    fail: { type: 'string' },
  },
});

if (!(DIALECTS as readonly string[]).includes(values.dialect)) {
  console.error(`unknown dialect ${values.dialect}; one of: ${DIALECTS.join(', ')}`);
  process.exit(2);
}

const service = await startAuditService({
  port: Number(values.port),
  dialect: values.dialect as Dialect,
  pollsUntilDone: Number(values.polls),
  basePath: values['base-path'],
  ...(values.fail !== undefined && { failWith: values.fail }),
});

console.log(`audit service: ${service.url}`);
console.log(`api key:       ${service.apiKey}`);
console.log(`read-only key: ${service.readOnlyKey}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void service.close().then(() => process.exit(0));
  });
}
