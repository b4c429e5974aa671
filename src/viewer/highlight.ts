// Syntax colours for the source viewer: highlight.js finds the tokens; each token kind gets one of
// the terminal's own 16 colours, so the result follows the user's light or dark theme.

import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import dockerfile from 'highlight.js/lib/languages/dockerfile';
import go from 'highlight.js/lib/languages/go';
import ini from 'highlight.js/lib/languages/ini';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import makefile from 'highlight.js/lib/languages/makefile';
import markdown from 'highlight.js/lib/languages/markdown';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import rust from 'highlight.js/lib/languages/rust';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { span, viewerText, type Line } from './styledText.js';

const LANGUAGES = { bash, c, cpp, css, diff, dockerfile, go, ini, java, javascript, json, makefile, markdown, python, ruby, rust, sql, typescript, xml, yaml };
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language);

/** File names highlight.js's aliases do not cover. */
const BY_NAME: Record<string, string> = { makefile: 'makefile', dockerfile: 'dockerfile', '.bashrc': 'bash', '.zshrc': 'bash', '.profile': 'bash' };
const BY_EXTENSION: Record<string, string> = { mjs: 'javascript', cjs: 'javascript', jsx: 'javascript', tsx: 'typescript', mts: 'typescript', cts: 'typescript', toml: 'ini', h: 'c', hpp: 'cpp', html: 'xml', svg: 'xml', yml: 'yaml', zsh: 'bash', fish: 'bash' };

/** SGR per token kind (the first part of highlight.js's class before a dot). */
const COLOURS: Record<string, string> = {
  keyword: '35',
  built_in: '36',
  type: '33',
  literal: '33',
  number: '33',
  string: '32',
  regexp: '31',
  symbol: '35',
  comment: '90',
  doctag: '1;90',
  meta: '90',
  title: '34',
  'title.class': '33',
  'title.function': '34',
  params: '',
  attr: '36',
  attribute: '36',
  variable: '',
  'variable.language': '35',
  property: '36',
  tag: '34',
  name: '34',
  selector: '34',
  'selector-tag': '34',
  'selector-class': '33',
  section: '1;34',
  bullet: '33',
  link: '4;34',
  emphasis: '3',
  strong: '1',
  addition: '32',
  deletion: '31',
  quote: '90',
  code: '33',
  subst: '',
};

export function languageFor(file: string): string | undefined {
  const base = file.split('/').pop()?.toLowerCase() ?? '';
  if (BY_NAME[base]) return BY_NAME[base];
  const extension = base.includes('.') ? base.split('.').pop() ?? '' : '';
  if (BY_EXTENSION[extension]) return BY_EXTENSION[extension];
  return hljs.getLanguage(extension) ? extension : undefined;
}

/** The code as lines of coloured spans; plain lines when the language is unknown. */
export function highlightCode(code: string, language: string | undefined): Line[] {
  // Tabs and control characters are made visible first, so columns and colours agree.
  const lines = code.split(/\r?\n/).map(viewerText);
  const known = language !== undefined && hljs.getLanguage(language) !== undefined;
  if (!known) return lines.map((text) => [span(text)]);
  return htmlToLines(hljs.highlight(lines.join('\n'), { language, ignoreIllegals: true }).value);
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'" };

/** highlight.js's output is HTML spans; turns it into lines of spans, the innermost class deciding the colour. */
function htmlToLines(html: string): Line[] {
  const lines: Line[] = [[]];
  const stack: string[] = [];
  for (const part of html.split(/(<span class="[^"]*">|<\/span>)/)) {
    if (part.startsWith('<span')) {
      stack.push(sgrFor(/class="([^"]*)"/.exec(part)?.[1] ?? '', stack[stack.length - 1] ?? ''));
      continue;
    }
    if (part === '</span>') {
      stack.pop();
      continue;
    }
    const text = part.replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (e) => ENTITIES[e]);
    text.split('\n').forEach((piece, i) => {
      if (i > 0) lines.push([]);
      if (piece !== '') lines[lines.length - 1].push(span(piece, stack[stack.length - 1] ?? ''));
    });
  }
  return lines;
}

function sgrFor(classes: string, outer: string): string {
  const kind = classes
    .split(' ')
    .find((c) => c.startsWith('hljs-'))
    ?.slice(5)
    .replace(/_+$/, '');
  if (kind === undefined) return outer;
  return COLOURS[kind] ?? COLOURS[kind.split('.')[0]] ?? outer;
}
