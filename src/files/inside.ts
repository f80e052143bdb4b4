import path from 'node:path';

/** Whether `child` is `parent` or below it (a name like `..config` is below, `../x` is not). */
export function isInside(parent: string, child: string): boolean {
  const relative = path.relative(parent, child);
  return (
    relative === '' ||
    (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative))
  );
}

/** `child` relative to `parent`, with `/` whatever the platform: how paths are named in reports. */
export function posixRelative(parent: string, child: string): string {
  return path.relative(parent, child).split(path.sep).join('/');
}
