// What a host has for tessera, as the check script found it, and what it lacks to install this one:
// Node (in the range tessera's package.json gives), npm, both on the PATH ssh commands get there.
// Each lack is one plain sentence with what to do about it.

import type { HostTarget } from '../sshCommand.js';
import { oneLine } from '../hostLinkError.js';
import { nodeVersionInRange, parseNodeVersion } from './nodeRange.js';
import type { ThisPackage } from './thisPackage.js';

export interface HostFacts {
  node: { path: string; version: string } | undefined;
  npm: { path: string; version: string } | undefined;
  /** The tessera the install would replace: its path and what its `--version` says; undefined when there is none. */
  tessera: { path: string; says: string } | undefined;
  /** Where it looked for that tessera when there is none. */
  tesseraLookedFor: string;
}

/** The facts out of the check script's marked lines (each value made one plain line). */
export function hostFacts(facts: ReadonlyMap<string, string>): HostFacts {
  const fact = (key: string): string | undefined => {
    const value = facts.get(key);
    return value === undefined ? undefined : oneLine(value);
  };
  const pair = <K extends string>(key: string, second: string, name: K) => {
    const path = fact(key);
    return path === undefined ? undefined : ({ path, [name]: fact(second) ?? '' } as { path: string } & Record<K, string>);
  };
  return {
    node: pair('node', 'node-version', 'version'),
    npm: pair('npm', 'npm-version', 'version'),
    tessera: pair('tessera', 'tessera-version', 'says'),
    tesseraLookedFor: fact('tessera-missing') ?? '',
  };
}

/** Why this tessera cannot be installed on the host as it is, or undefined when it can. */
export function whatHostLacks(target: HostTarget, facts: HostFacts, pkg: ThisPackage): string | undefined {
  const { name, entry } = target;
  const range = pkg.nodeRange ?? 'any';
  const onPath = `(ssh ${entry.ssh} 'echo $PATH' shows that PATH; a Node of nvm is on it only when ~/.profile or the top of ~/.bashrc adds it)`;
  if (facts.node === undefined) return `${name}: no node on the PATH ssh commands get there; install Node.js (${range}) there, or put its folder on that PATH ${onPath}`;
  const version = parseNodeVersion(facts.node.version);
  if (version === undefined) return `${name}: its node (${facts.node.path}) says '${facts.node.version}', not a version; check it with 'ssh ${entry.ssh} node --version'`;
  if (pkg.nodeRange !== undefined && nodeVersionInRange(version, pkg.nodeRange) === false) {
    return `${name}: its node is ${facts.node.version} (${facts.node.path}), and tessera ${pkg.version} needs Node ${pkg.nodeRange}; install such a Node there, first on the PATH ssh commands get ${onPath}`;
  }
  if (facts.npm === undefined) {
    return `${name}: no npm on the PATH ssh commands get there (node ${facts.node.version} is: ${facts.node.path}); install npm there (it comes with Node.js; some systems package it apart, e.g. 'apt install npm'), or put its folder on that PATH ${onPath}`;
  }
  return undefined;
}

/** The one line a tessera of this version prints for `--version`. */
export function versionLine(version: string, protocol: number): string {
  return `tessera ${version} (protocol ${protocol})`;
}
