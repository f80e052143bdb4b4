/** The action's version, sent as the User-Agent and named in SARIF; kept equal to package.json's. */
export const ACTION_VERSION = '0.1.0';
