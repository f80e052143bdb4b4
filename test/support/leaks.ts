/**
 * What a run leaves behind that a person or a later step can read, and the forms of a secret to
 * look for in it. The forms are computed here independently of src/redaction.ts, so a test of
 * the action cannot pass because the redactor and the check share a blind spot.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ActionRun } from './run-action.ts';

/** Every text the step wrote: log, summary, outputs, the files the outputs name, and their names. */
export async function everythingWritten(
  run: ActionRun,
  secret: string,
  extra: readonly string[] = [],
): Promise<string[]> {
  // `::add-mask::` is how the runner learns the secret; it is the one place it may appear.
  const stdout = run.stdout.split(`::add-mask::${secret}\n`).join('');
  const files = [run.outputs['results-file'], run.outputs['sarif-file']].filter(
    (file): file is string => file !== undefined,
  );
  const contents = await Promise.all(files.map((file) => readFile(file, 'utf8')));
  return [
    stdout,
    run.stderr,
    run.summary,
    JSON.stringify(run.outputs),
    ...files.map((file) => path.basename(file)),
    ...contents,
    ...extra,
  ];
}

/** The secret as it is and in every encoding a transform could leave it in, each findable. */
export function secretForms(secret: string): string[] {
  const bytes = Buffer.from(secret);
  const encoded = encodeURIComponent(secret);
  return [
    secret,
    encoded,
    encoded.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
    JSON.stringify(secret).slice(1, -1),
    bytes.toString('base64').replace(/=+$/, ''),
    bytes.toString('base64url'),
    bytes.toString('hex'),
    bytes.toString('hex').toUpperCase(),
  ];
}

/**
 * The secret's letters and digits, and its bytes in hex, decimal and octal and its base64 as
 * letters and digits only: what a separated form leaves once everything else is taken out.
 */
export function separatedSecretForms(secret: string): string[] {
  const bytes = [...Buffer.from(secret)];
  const alnum = (text: string) => text.replace(/[^\dA-Za-z]/g, '');
  return [
    alnum(secret),
    Buffer.from(bytes).toString('hex'),
    bytes.join(''),
    bytes.map((b) => b.toString(8)).join(''),
    alnum(Buffer.from(bytes).toString('base64')),
  ].filter((form) => form.length >= 8);
}

/** The forms of `secret` found in `texts`, read also with invisible characters, gaps and escapes removed. */
export function leakedForms(texts: readonly string[], secret: string): string[] {
  const forms = secretForms(secret);
  const separated = separatedSecretForms(secret);
  const found = new Set<string>();
  for (const text of texts) {
    const readings = [
      text,
      text.replace(/[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu, ''),
      text.replace(/&#8203;|\\(?=[^\w\s])|[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu, ''),
      // A control character folded into a space would leave the key spelled out with gaps.
      text.replace(/[\s\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu, ''),
    ];
    for (const reading of readings)
      for (const form of forms) if (reading.includes(form)) found.add(form);
    // Separated forms: every separator, escape of one, and byte prefix taken out.
    const skeleton = text
      .replace(/\\[nrt]|&(?:nbsp|Tab|NewLine|#\d+);|0x|\\x/gi, '')
      .replace(/[^\dA-Za-z]/g, '');
    // Hex in either case; the rest as the secret has it (a key in lower case is another key).
    for (const form of separated)
      if (skeleton.includes(form) || skeleton.toLowerCase().includes(form))
        found.add(`separated ${form}`);
  }
  return [...found];
}
