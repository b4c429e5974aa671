// Markdown drawn for a terminal: headings, emphasis, lists, quotes, tables, links and highlighted
// code blocks, wrapped to the pane's width. marked reads the markdown; the drawing is ours.

import { lexer, type Token, type Tokens } from 'marked';
import { textWidth } from '../term/textWidth.js';
import { highlightCode } from './highlight.js';
import { sliceColumns, span, viewerText, wrapLine, type Line, type Span } from './styledText.js';

const HEADING_SGR = ['', '1;4;35', '1;35', '1;36', '1;34', '1;34', '1;34'];
const QUOTE_BAR = span('│ ', '90');
const CODE_INDENT = span('  ');

export function renderMarkdown(text: string, width: number): Line[] {
  return blocks(lexer(text), Math.max(10, width));
}

function blocks(tokens: readonly Token[], width: number): Line[] {
  const out: Line[] = [];
  for (const token of tokens) {
    const lines = block(token, width);
    if (lines.length === 0) continue;
    if (out.length > 0 && token.type !== 'space') out.push([]);
    out.push(...lines);
  }
  return out;
}

function block(token: Token, width: number): Line[] {
  switch (token.type) {
    case 'heading': {
      const t = token as Tokens.Heading;
      const sgr = HEADING_SGR[t.depth] ?? '1';
      return wrapLine(inline(t.tokens, sgr), width, { first: [], rest: [] });
    }
    case 'paragraph':
      return wrapLine(inline((token as Tokens.Paragraph).tokens, ''), width, { first: [], rest: [] });
    case 'text': {
      const t = token as Tokens.Text;
      return wrapLine(t.tokens ? inline(t.tokens, '') : [span(viewerText(t.text))], width, { first: [], rest: [] });
    }
    case 'code': {
      const t = token as Tokens.Code;
      return highlightCode(t.text, t.lang?.split(/\s/)[0] || undefined).map((line) => [CODE_INDENT, ...line]);
    }
    case 'blockquote':
      return blocks((token as Tokens.Blockquote).tokens, width - 2).map((line) => [QUOTE_BAR, ...line.map((s) => ({ ...s, sgr: s.sgr || '3' }))]);
    case 'list':
      return list(token as Tokens.List, width);
    case 'table':
      return table(token as Tokens.Table, width);
    case 'hr':
      return [[span('─'.repeat(width), '90')]];
    case 'html':
      return (token as Tokens.HTML).text.replace(/\n$/, '').split('\n').map((l) => [span(viewerText(l), '90')]);
    case 'space':
    case 'def':
      return [];
    default:
      return 'raw' in token && typeof token.raw === 'string' ? token.raw.replace(/\n+$/, '').split('\n').map((l) => [span(viewerText(l))]) : [];
  }
}

function list(token: Tokens.List, width: number): Line[] {
  const out: Line[] = [];
  const start = typeof token.start === 'number' ? token.start : 1;
  token.items.forEach((item, i) => {
    const marker = token.ordered ? `${start + i}. ` : '• ';
    const box = item.task ? (item.checked ? '☑ ' : '☐ ') : '';
    const indent = ' '.repeat(textWidth(marker));
    const body = blocks(item.tokens, width - indent.length - textWidth(box));
    body.forEach((line, j) => {
      const lead = j === 0 ? [span(marker, '33'), ...(box ? [span(box, '33')] : [])] : [span(indent + (box ? '  ' : ''))];
      out.push([...lead, ...line]);
    });
    if (body.length === 0) out.push([span(marker, '33')]);
    if (item.loose && i < token.items.length - 1) out.push([]);
  });
  return out;
}

function table(token: Tokens.Table, width: number): Line[] {
  const cells = [token.header, ...token.rows].map((row) => row.map((cell) => inline(cell.tokens, '')));
  const columns = token.header.length;
  const natural = Array.from({ length: columns }, (_, c) => Math.max(1, ...cells.map((row) => textWidth(plain(row[c] ?? [])))));
  const room = Math.max(columns, width - (columns - 1) * 3);
  const widths = shrink(natural, room);
  const rule = [span(widths.map((w) => '─'.repeat(w)).join('─┼─'), '90')];
  const rows = cells.map((row, r) => {
    const line: Line = [];
    row.forEach((cell, c) => {
      if (c > 0) line.push(span(' │ ', '90'));
      const fitted = fit(cell, widths[c]);
      line.push(...(r === 0 ? fitted.map((s) => ({ ...s, sgr: s.sgr ? `${s.sgr};1` : '1' })) : fitted));
    });
    return line;
  });
  return [rows[0], rule, ...rows.slice(1)];
}

/** Narrows the widest columns first until the row fits. */
function shrink(widths: number[], room: number): number[] {
  const out = [...widths];
  while (out.reduce((a, b) => a + b, 0) > room) {
    const widest = out.indexOf(Math.max(...out));
    if (out[widest] <= 1) break;
    out[widest]--;
  }
  return out;
}

/** Spans cut or padded to exactly `width` columns. */
function fit(spans: Line, width: number): Line {
  const out = sliceColumns(spans, 0, width);
  const used = textWidth(plain(out));
  return used < width ? [...out, span(' '.repeat(width - used))] : out;
}

const plain = (line: Line): string => line.map((s) => s.text).join('');

/** Inline tokens as spans; `outer` is the style they sit in (a heading's, a quote's). */
function inline(tokens: readonly Token[] | undefined, outer: string): Span[] {
  const out: Span[] = [];
  const join = (sgr: string) => [outer, sgr].filter(Boolean).join(';');
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'strong':
        out.push(...inline((token as Tokens.Strong).tokens, join('1')));
        break;
      case 'em':
        out.push(...inline((token as Tokens.Em).tokens, join('3')));
        break;
      case 'del':
        out.push(...inline((token as Tokens.Del).tokens, join('9')));
        break;
      case 'codespan':
        out.push(span(viewerText(unescape((token as Tokens.Codespan).text)), join('33')));
        break;
      case 'link': {
        const t = token as Tokens.Link;
        out.push(...inline(t.tokens, join('4;34')));
        if (plain(inline(t.tokens, '')) !== t.href) out.push(span(` (${viewerText(t.href)})`, join('90')));
        break;
      }
      case 'image':
        out.push(span(`[image: ${viewerText((token as Tokens.Image).text || (token as Tokens.Image).href)}]`, join('90')));
        break;
      case 'br':
        out.push(span(' '));
        break;
      case 'text': {
        const t = token as Tokens.Text;
        if (t.tokens) out.push(...inline(t.tokens, outer));
        else out.push(span(viewerText(unescape(t.text)).replace(/\^J/g, ' '), outer));
        break;
      }
      default:
        if ('text' in token && typeof token.text === 'string') out.push(span(viewerText(unescape(token.text)).replace(/\^J/g, ' '), outer));
    }
  }
  return out;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

function unescape(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]);
}
