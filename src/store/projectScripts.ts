// Which files of a repository a project file's commands would execute besides themselves: a program
// given as a path (`./setup.sh`), the script handed to a shell or an interpreter (`sh setup.sh`,
// `node tools/dev.js`), and the same inside a shell's `-c` text. Their contents are part of what the
// user approves (projectFile.ts hashes them), so a repository cannot keep an approved command line
// and change the script behind it. Pure text rules here; reading the files is the caller's.
//
// It is a reading of command lines, not a shell: it finds the files a command names, not what a
// program reads on its own (package.json for `npm ci`, a Makefile for `make`).

/** Shells: `-c TEXT` runs TEXT (read for the commands in it), else the first operand is a script. */
const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'fish']);
/** Interpreters: every operand may be the script (a file that does not exist is simply not hashed). */
const INTERPRETERS = new Set(['node', 'nodejs', 'python', 'python2', 'python3', 'ruby', 'perl', 'php', 'deno', 'bun', 'tsx', 'ts-node', 'lua', 'Rscript']);
/** Words that run the next word as the command. */
const WRAPPERS = new Set(['env', 'exec', 'nohup', 'time', 'command', 'then', 'do', 'else', 'elif', 'if', 'while', 'until', '!', '{', '}']);
/** Builtins that read the file named next into the shell. */
const SOURCE = new Set(['.', 'source']);
/** Shell options that take the next word as their value (so it is not the script). */
const SHELL_VALUE_OPTIONS = new Set(['-o', '+o', '-O', '+O', '--rcfile', '--init-file']);

/** The paths (as written, relative to where the command runs, or absolute) that `argv` would execute or source. */
export function executedPaths(argv: readonly string[]): string[] {
  const found: string[] = [];
  collect(argv, found, 0);
  return [...new Set(found)];
}

/** Nested `sh -c "sh -c '…'"` is read this deep; deeper text is not looked into (its files are not hashed). */
const MAX_NESTING = 4;

function collect(words: readonly string[], found: string[], depth: number): void {
  let i = 0;
  while (i < words.length && (WRAPPERS.has(words[i]) || /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i]) || (words[i].startsWith('-') && i > 0 && WRAPPERS.has(words[i - 1])))) i++;
  const program = words[i];
  if (program === undefined || program === '') return;
  if (program.includes('/')) found.push(program);
  const name = program.slice(program.lastIndexOf('/') + 1);
  const operands = words.slice(i + 1);
  if (SOURCE.has(name)) {
    if (operands[0] !== undefined) found.push(operands[0]);
  } else if (SHELLS.has(name)) {
    shellOperands(operands, found, depth);
  } else if (INTERPRETERS.has(name)) {
    for (const word of operands) if (!word.startsWith('-') && word !== '') found.push(word);
  }
}

function shellOperands(operands: readonly string[], found: string[], depth: number): void {
  let runsText = false;
  for (let k = 0; k < operands.length; k++) {
    const word = operands[k];
    if (SHELL_VALUE_OPTIONS.has(word)) {
      k++;
      continue;
    }
    if (/^-[A-Za-z]*c[A-Za-z]*$/.test(word)) {
      runsText = true;
      continue;
    }
    if (word.startsWith('-') || word.startsWith('+')) continue;
    if (!runsText) {
      found.push(word);
      return;
    }
    if (depth < MAX_NESTING) for (const command of simpleCommands(word)) collect(command, found, depth + 1);
    return;
  }
}

/**
 * The simple commands of a shell text, each as its words: split at `;`, `&`, `|`, newlines,
 * parentheses, backquotes and `$(`; quotes group and are removed; a redirection's target is not a
 * word of the command (`echo x > out` has the words echo, x).
 */
export function simpleCommands(text: string): string[][] {
  const commands: string[][] = [];
  let words: string[] = [];
  let word = '';
  let inWord = false;
  let redirect = false;
  const endWord = () => {
    if (inWord) {
      if (redirect) redirect = false;
      else words.push(word);
    }
    word = '';
    inWord = false;
  };
  const endCommand = () => {
    endWord();
    redirect = false;
    if (words.length > 0) commands.push(words);
    words = [];
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "'") {
      const close = text.indexOf("'", i + 1);
      const end = close === -1 ? text.length : close;
      word += text.slice(i + 1, end);
      inWord = true;
      i = end;
    } else if (ch === '"') {
      i = readDoubleQuoted(text, i + 1, (part) => (word += part));
      inWord = true;
    } else if (ch === '\\') {
      word += text[i + 1] ?? '';
      inWord = true;
      i++;
    } else if (ch === ' ' || ch === '\t') {
      endWord();
    } else if (';&|()\n`'.includes(ch) || (ch === '$' && text[i + 1] === '(')) {
      endCommand();
      if (ch === '$') i++;
    } else if (ch === '<' || ch === '>') {
      // `2>` : the digits before it are a descriptor, not a word; `>&2`, `>>`, `<<`: one operator.
      if (inWord && /^\d+$/.test(word)) {
        word = '';
        inWord = false;
      } else endWord();
      while (text[i + 1] === '>' || text[i + 1] === '<' || text[i + 1] === '&') i++;
      redirect = true;
    } else {
      word += ch;
      inWord = true;
    }
  }
  endCommand();
  return commands;
}

/** Reads a double-quoted part from `start` (after the quote); returns the index of the closing quote. */
function readDoubleQuoted(text: string, start: number, add: (part: string) => void): number {
  let i = start;
  for (; i < text.length && text[i] !== '"'; i++) {
    if (text[i] === '\\' && i + 1 < text.length && '"\\$`'.includes(text[i + 1])) {
      add(text[i + 1]);
      i++;
    } else add(text[i]);
  }
  return i;
}
