/**
 * Shows in a terminal what GitHub shows a user: the step log with its workflow commands turned
 * into readable annotations, and the job summary's Markdown rendered as plain text.
 */

const COLOURS = { red: 31, yellow: 33, blue: 34, grey: 90, bold: 1 } as const;
export type Colour = keyof typeof COLOURS;

export function paint(text: string, colour: Colour, enabled: boolean): string {
  return enabled ? `\u001b[${COLOURS[colour]}m${text}\u001b[0m` : text;
}

const unescapeData = (text: string) =>
  text.replace(/%0D/g, '').replace(/%0A/g, '\n').replace(/%25/g, '%');
const unescapeProperty = (text: string) =>
  unescapeData(text).replace(/%3A/g, ':').replace(/%2C/g, ',');

/** One log line as the Actions UI would display it, or undefined for lines it hides. */
export function renderLogLine(line: string, colour: boolean): string | undefined {
  const command = /^::([a-z-]+)( [^:]*)?::(.*)$/.exec(line);
  if (!command) return line;
  const [, name, rawProperties = '', data = ''] = command;
  const properties = Object.fromEntries(
    rawProperties
      .trim()
      .split(',')
      .filter(Boolean)
      .map((pair) => [
        pair.slice(0, pair.indexOf('=')),
        unescapeProperty(pair.slice(pair.indexOf('=') + 1)),
      ]),
  );
  switch (name) {
    case 'group':
      return paint(`▸ ${unescapeData(data)}`, 'bold', colour);
    case 'endgroup':
      return '';
    case 'error':
    case 'warning':
    case 'notice': {
      const icon = { error: '✖ Error', warning: '⚠ Warning', notice: 'ℹ Notice' }[name];
      const where = properties['file']
        ? ` ${properties['file']}${properties['line'] ? `#L${properties['line']}${properties['endLine'] && properties['endLine'] !== properties['line'] ? `-L${properties['endLine']}` : ''}` : ''}`
        : '';
      const title = properties['title'] ? ` ${properties['title']}` : '';
      const head = paint(
        `${icon}${where}${title}`,
        name === 'error' ? 'red' : name === 'warning' ? 'yellow' : 'blue',
        colour,
      );
      const body = unescapeData(data)
        .split('\n')
        .map((text) => `    ${text}`)
        .join('\n');
      return `${head}\n${body}`;
    }
    default:
      return undefined; // add-mask, debug, set-output and the like are not shown
  }
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** The job summary's GitHub-flavoured Markdown and HTML, as readable terminal text. */
export function renderMarkdown(markdown: string, colour: boolean): string {
  return markdown
    .split('\n')
    .map((line) => {
      if (/^#{1,6} /.test(line)) return paint(line.replace(/^#+ /, ''), 'bold', colour);
      return line
        .replace(/<details><summary>(.*?)<\/summary>/g, '  ▸ $1')
        .replace(/<\/details>/g, '')
        .replace(/<br\s*\/?>/g, '\n      ')
        .replace(/<p>/g, '      ')
        .replace(/<\/p>/g, '')
        .replace(/<a href="[^"]*">(.*?)<\/a>/g, '$1')
        .replace(/<\/?(b|i|code|sub|sup)>/g, '')
        .replace(/\[([^\]]*)\]\((?:https?:[^)]*)\)/g, '$1')
        .replace(/\*\*(.*?)\*\*/g, (_, text: string) => paint(text, 'bold', colour))
        .replace(/\\([\\`*_{}[\]<>()#+\-.!|~])/g, '$1')
        .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
    })
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
}
