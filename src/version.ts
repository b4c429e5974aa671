// tessera's version, as published in package.json.
export const VERSION = '0.1.0';
