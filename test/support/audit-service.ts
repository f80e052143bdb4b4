/** The audit service the action's tests run against: the reference service in test/service/. */
export * from '../service/server.ts';
