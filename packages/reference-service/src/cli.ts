#!/usr/bin/env node
/**
 * `npm run service`: the reference audit service on this machine, for trying the action or any
 * client by hand. Prints its address and ready-to-use keys, logs each request, serves until Ctrl-C.
 *
 *   npm run service -- [--port 0] [--min-duration-ms 2000] [--polls 0] [--dialect documented]
 *                      [--base-path /api] [--fail "message"]
 */
import { parseArgs } from 'node:util';
import { DIALECTS, startAuditService, type Dialect } from './server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'min-duration-ms': { type: 'string', default: '2000' },
    polls: { type: 'string', default: '0' },
    dialect: { type: 'string', default: 'documented' },
    'base-path': { type: 'string', default: '' },
    fail: { type: 'string' },
  },
});

function count(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`--${name} must be a whole number, got ${text}`);
    process.exit(2);
  }
  return value;
}

if (!(DIALECTS as readonly string[]).includes(values.dialect)) {
  console.error(`unknown dialect ${values.dialect}; one of: ${DIALECTS.join(', ')}`);
  process.exit(2);
}

const service = await startAuditService({
  port: count('port', values.port),
  minDurationMs: count('min-duration-ms', values['min-duration-ms']),
  pollsUntilDone: count('polls', values.polls),
  dialect: values.dialect as Dialect,
  basePath: values['base-path'],
  ...(values.fail !== undefined && { failWith: values.fail }),
  log: (line) => console.log(line),
});

console.log(`Reference audit service on ${service.url}`);
console.log(`API key (read, write):  ${service.apiKey}`);
console.log(`Read-only key:          ${service.readOnlyKey}`);
console.log(`Another account's key:  ${service.otherAccountKey}`);
console.log(`Try: curl -H 'Authorization: Bearer ${service.apiKey}' ${service.url}/v1/projects`);
console.log('Ctrl-C stops it.');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void service.close().then(() => process.exit(0));
  });
}
