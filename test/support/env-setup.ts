/**
 * Runs before every test file. A runner's proxy settings would send the tests' requests to
 * 127.0.0.1 through a proxy that may be dead; tests that want a proxy set one themselves.
 */
for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY', 'NO_PROXY']) {
  Reflect.deleteProperty(process.env, name);
  Reflect.deleteProperty(process.env, name.toLowerCase());
}
