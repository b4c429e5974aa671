// npm's `prepare`: builds dist/. npm runs it after `npm ci` in a checkout, before `npm pack`, and in
// the clone it makes for an install from a git URL. For `npm install -g git+URL`, npm hands its
// global setting on to the install it runs inside that clone, which then installs nothing there
// (npm/cli#4148, #6984): the build tools are missing, and this says how to install instead.

async function buildToolsPresent() {
  try {
    await import('esbuild');
    return true;
  } catch {
    return false;
  }
}

if (!(await buildToolsPresent())) {
  console.error(
    'tessera: npm did not install the build tools (esbuild) for this build; a global install from a\n' +
      'git URL does that (an npm bug). Install through a package instead:\n' +
      '  npm install -g "$(npm pack --silent git+https://…/tessera.git)"',
  );
  process.exit(1);
}
await import('./build.mjs');
